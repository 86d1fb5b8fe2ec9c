import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createBranch, deleteBranch, getBranch } from '../git/branches.js'
import { commitFiles, type FileAction } from '../git/commit-files.js'
import { getCommit, listCommits } from '../git/commits.js'
import { readRepositoryInfo } from '../git/repository-info.js'
import { RepositoryStore, type Repo } from './repository-store.js'
import { createTag, getTag } from '../git/tags.js'

const gitEnv = { path: process.env['PATH'] ?? '/usr/bin:/bin' }
const author = { name: 'Ada', email: 'ada@example.com' }
let root: string
let store: RepositoryStore

function create(filePath: string, content: string): FileAction {
  return {
    action: 'create',
    filePath,
    previousPath: '',
    content: Buffer.from(content),
    executeFilemode: undefined,
  }
}

async function commitOn(repo: Repo, branch: string, file: string) {
  return commitFiles(repo, {
    branch,
    startBranch: '',
    message: `Add ${file}`,
    author,
    actions: [create(file, file)],
  })
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'repo-store-test-'))
  store = new RepositoryStore(root, gitEnv)
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

describe('RepositoryStore.create', () => {
  it('creates a SHA-1 repository by default, once', async () => {
    expect(await store.create(1, 'main')).toBe(true)
    expect(await store.create(1, 'main')).toBe(false)
    const repo = store.repo(1)
    expect((await repo.text(['rev-parse', '--show-object-format'])).trim()).toBe('sha1')
    const { commit } = await commitOn(repo, 'main', 'a.txt')
    expect(commit.id).toMatch(/^[0-9a-f]{40}$/)
  })

  it('creates a SHA-256 repository whose commits, branches and tags use 64-digit ids', async () => {
    await store.create(2, 'main', 'sha256')
    const repo = store.repo(2)
    expect((await repo.text(['rev-parse', '--show-object-format'])).trim()).toBe('sha256')

    const first = await commitOn(repo, 'main', 'README.md')
    expect(first.commit.id).toMatch(/^[0-9a-f]{64}$/)
    const second = await commitOn(repo, 'main', 'b.txt')
    expect(second.commit.parentIds).toEqual([first.commit.id])

    // A full 64-digit id and an abbreviation both name the commit.
    expect(await repo.resolveCommit(first.commit.id)).toBe(first.commit.id)
    expect(await repo.resolveCommit(first.commit.id.slice(0, 12))).toBe(first.commit.id)
    expect((await getCommit(repo, first.commit.id)).id).toBe(first.commit.id)

    const branch = await createBranch(repo, 'feature', first.commit.id)
    expect(branch.commit.id).toBe(first.commit.id)
    await expect(createBranch(repo, 'feature', 'main')).rejects.toThrow('Branch already exists')
    const onFeature = await commitOn(repo, 'feature', 'c.txt')
    expect((await getBranch(repo, 'feature')).commit.id).toBe(onFeature.commit.id)

    const tag = await createTag(repo, { name: 'v1', ref: 'main', message: 'First', tagger: author })
    expect(tag.target).toMatch(/^[0-9a-f]{64}$/)
    expect((await getTag(repo, 'v1')).commit.id).toBe(second.commit.id)

    const { commits, total } = await listCommits(repo, {
      refName: 'main',
      since: undefined,
      until: undefined,
      path: '',
      all: false,
      page: 1,
      perPage: 20,
    })
    expect(total).toBe(2)
    expect(commits.map((commit) => commit.id)).toEqual([second.commit.id, first.commit.id])
    await deleteBranch(repo, 'feature')
    expect(await readRepositoryInfo(repo)).toMatchObject({ empty: false, rootRef: 'main' })
  })
})
