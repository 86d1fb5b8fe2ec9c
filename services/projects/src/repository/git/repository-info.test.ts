import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { commitFiles, type FileAction } from './commit-files.js'
import { readRepositoryInfo } from './repository-info.js'
import { RepositoryStore, type Repo } from '../store/repository-store.js'

const gitEnv = { path: process.env['PATH'] ?? '/usr/bin:/bin' }
const author = { name: 'Ada', email: 'ada@example.com' }
const ISC =
  'ISC License\n\nPermission to use, copy, modify, and/or distribute this software for any\npurpose with or without fee is hereby granted, provided that the above\ncopyright notice and this permission notice appear in all copies.\n'
let root: string
let repo: Repo

function create(filePath: string, content: string): FileAction {
  return {
    action: 'create',
    filePath,
    previousPath: '',
    content: Buffer.from(content),
    executeFilemode: undefined,
  }
}

async function commit(branch: string, ...actions: FileAction[]) {
  await commitFiles(repo, { branch, startBranch: '', message: 'c', author, actions })
}

beforeEach(async () => {
  root = mkdtempSync(join(tmpdir(), 'repo-info-test-'))
  const store = new RepositoryStore(root, gitEnv)
  await store.create(3, 'main')
  repo = store.repo(3)
})

afterEach(() => rmSync(root, { recursive: true, force: true }))

describe('readRepositoryInfo: the license file on the default branch', () => {
  it('has none in an empty repository or one without a license file', async () => {
    expect(await readRepositoryInfo(repo)).toMatchObject({
      licensePath: undefined,
      license: undefined,
    })
    await commit('main', create('README.md', '# hi\n'), create('docs/LICENSE', ISC))
    expect(await readRepositoryInfo(repo)).toMatchObject({
      readmePath: 'README.md',
      licensePath: undefined,
      license: undefined,
    })
  })

  it('reads and recognises the root license file', async () => {
    await commit('main', create('README.md', '# hi\n'), create('license.txt', ISC))
    expect(await readRepositoryInfo(repo)).toMatchObject({
      licensePath: 'license.txt',
      license: {
        key: 'isc',
        name: 'ISC License',
        nickname: undefined,
        htmlUrl: 'http://choosealicense.com/licenses/isc/',
      },
    })
  })

  it('names an unrecognised license file without a license', async () => {
    await commit('main', create('COPYING', 'All rights reserved.\n'))
    expect(await readRepositoryInfo(repo)).toMatchObject({
      licensePath: 'COPYING',
      license: undefined,
    })
  })

  it('looks only at the branch HEAD names', async () => {
    await commit('main', create('README.md', '# hi\n'))
    await commitFiles(repo, {
      branch: 'other',
      startBranch: 'main',
      message: 'license',
      author,
      actions: [create('LICENSE', ISC)],
    })
    expect((await readRepositoryInfo(repo)).licensePath).toBeUndefined()
    await repo.run(['symbolic-ref', 'HEAD', 'refs/heads/other'])
    expect((await readRepositoryInfo(repo)).license?.key).toBe('isc')
  })
})

describe('readRepositoryInfo: git runs per read', () => {
  it('reads a commit history and root tree once per head commit, and anew after a push', async () => {
    const runs: string[] = []
    const store = new RepositoryStore(root, {
      ...gitEnv,
      observe: (run) => runs.push(run.subcommand),
    })
    const counted = store.repo(3)
    await commit('main', create('README.md', '# hi\n'))
    const first = await readRepositoryInfo(counted, { license: false })
    expect(first).toMatchObject({ commitCount: 1, readmePath: 'README.md' })
    expect(runs.sort()).toEqual(['for-each-ref', 'ls-tree', 'rev-list'])

    // The same head commit again: only the refs are read (HEAD's file without git).
    runs.length = 0
    expect(await readRepositoryInfo(counted, { license: false })).toMatchObject({ commitCount: 1 })
    expect(runs).toEqual(['for-each-ref'])

    // A push moves the branch: the new commit's facts are read, exact at once.
    await commit('main', create('readme.txt', 'x\n'), create('LICENSE', ISC))
    runs.length = 0
    const pushed = await readRepositoryInfo(counted, { license: false })
    expect(pushed).toMatchObject({
      commitCount: 2,
      readmePath: 'README.md',
      licensePath: 'LICENSE',
    })
    // The branch moved, so the size is measured again: the new objects count.
    expect(pushed.sizeBytes).toBeGreaterThan(first.sizeBytes)
    expect(runs.sort()).toEqual(['for-each-ref', 'ls-tree', 'rev-list'])
  })
})
