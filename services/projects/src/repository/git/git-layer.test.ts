import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PassThrough, Readable } from 'node:stream'
import { InvalidError, NotFoundError, PreconditionError } from '@suite/runtime'
import {
  createBranch,
  deleteBranch,
  getBranch,
  listBranches,
  setDefaultBranch,
} from './branches.js'
import { commitFiles, type FileAction } from './commit-files.js'
import { commitStats, getCommit, listCommits } from './commits.js'
import { readRepositoryInfo } from './repository-info.js'
import { RepositoryStore, type Repo } from '../store/repository-store.js'
import { infoRefs, runService } from './smart-http.js'
import { createTag, deleteTag, getTag, listTags } from './tags.js'

const gitEnv = { path: process.env['PATH'] ?? '/usr/bin:/bin' }
let root: string
let store: RepositoryStore
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

const author = { name: 'Ada', email: 'ada@example.com' }

beforeEach(async () => {
  root = mkdtempSync(join(tmpdir(), 'repo-test-'))
  store = new RepositoryStore(root, gitEnv)
  await store.create(7, 'main')
  repo = store.repo(7)
})

afterEach(() => rmSync(root, { recursive: true, force: true }))

describe('the git layer on a real bare repository', () => {
  it('starts empty and commits files with create, update, move and delete', async () => {
    expect(await readRepositoryInfo(repo)).toMatchObject({ exists: true, empty: true })
    const first = await commitFiles(repo, {
      branch: 'main',
      startBranch: '',
      message: 'Initial commit\n\nbody',
      author,
      actions: [create('README.md', '# hi\n'), create('src/a.txt', 'a')],
    })
    expect(first.created).toBe(true)
    expect(first.commit.parentIds).toEqual([])
    const second = await commitFiles(repo, {
      branch: 'main',
      startBranch: '',
      message: 'Second',
      author,
      actions: [
        { ...create('src/a.txt', 'b'), action: 'update' },
        {
          ...create('docs/b.txt', ''),
          action: 'move',
          previousPath: 'src/a.txt',
          content: undefined,
        },
      ],
    })
    expect(second.commit.parentIds).toEqual([first.commit.id])
    const info = await readRepositoryInfo(repo)
    expect(info).toMatchObject({
      empty: false,
      commitCount: 2,
      rootRef: 'main',
      readmePath: 'README.md',
    })
    const listed = await listCommits(repo, {
      refName: '',
      since: undefined,
      until: undefined,
      path: '',
      all: false,
      page: 1,
      perPage: 1,
    })
    expect(listed.total).toBe(2)
    expect(listed.commits.map((c) => c.message)).toEqual(['Second'])
    expect((await getCommit(repo, 'main')).id).toBe(second.commit.id)
    await expect(getCommit(repo, 'nope')).rejects.toBeInstanceOf(NotFoundError)
  })

  it('refuses bad paths and clashing actions with GitLab messages', async () => {
    const base = { branch: 'main', startBranch: '', message: 'm', author }
    await expect(
      commitFiles(repo, { ...base, actions: [create('../x', 'x')] }),
    ).rejects.toBeInstanceOf(InvalidError)
    await expect(
      commitFiles(repo, { ...base, actions: [create('.git/config', 'x')] }),
    ).rejects.toBeInstanceOf(InvalidError)
    await commitFiles(repo, { ...base, actions: [create('a', 'x')] })
    await expect(commitFiles(repo, { ...base, actions: [create('a', 'y')] })).rejects.toThrow(
      'A file with this name already exists',
    )
    await expect(
      commitFiles(repo, { ...base, actions: [{ ...create('b', ''), action: 'delete' }] }),
    ).rejects.toThrow("A file with this name doesn't exist")
  })

  it('creates, lists, orders, searches and deletes tags', async () => {
    const { commit } = await commitFiles(repo, {
      branch: 'main',
      startBranch: '',
      message: 'c',
      author,
      actions: [create('a', 'x')],
    })
    const tagger = author
    const light = await createTag(repo, { name: 'v1.2.0', ref: 'main', message: '', tagger })
    expect(light).toMatchObject({ message: undefined, target: commit.id, createdAt: undefined })
    const annotated = await createTag(repo, {
      name: 'v1.10.0',
      ref: commit.id,
      message: ' Release\n',
      tagger,
    })
    expect(annotated.message).toBe('Release')
    expect(annotated.target).not.toBe(commit.id)
    expect(annotated.createdAt).toBeInstanceOf(Date)
    await createTag(repo, { name: 'other', ref: 'v1.2.0', message: '', tagger })

    const names = async (order: 'name' | 'version', ascending: boolean, search = '') =>
      (await listTags(repo, { order, ascending, search })).map((t) => t.name)
    expect(await names('name', true)).toEqual(['other', 'v1.10.0', 'v1.2.0'])
    expect(await names('version', false, '^v1')).toEqual(['v1.10.0', 'v1.2.0'])
    expect(await names('name', true, '0$')).toEqual(['v1.10.0', 'v1.2.0'])
    expect(await names('name', true, 'THE')).toEqual(['other'])

    const refuse = (name: string, ref: string) =>
      createTag(repo, { name, ref, message: '', tagger }).catch((e: unknown) => e)
    const exists = await refuse('v1.2.0', 'main')
    expect(exists).toBeInstanceOf(PreconditionError)
    expect((exists as Error).message).toBe('Tag v1.2.0 already exists')
    expect(((await refuse('bad..name', 'main')) as Error).message).toBe('Tag name invalid')
    expect(((await refuse('-x', 'main')) as Error).message).toBe('Tag name invalid')
    expect(((await refuse('ok', 'nowhere')) as Error).message).toBe('Target nowhere is invalid')

    await deleteTag(repo, 'other')
    await expect(getTag(repo, 'other')).rejects.toBeInstanceOf(NotFoundError)
    await expect(deleteTag(repo, 'other')).rejects.toBeInstanceOf(NotFoundError)
  })

  it('creates and deletes branches, never the default one', async () => {
    await commitFiles(repo, {
      branch: 'main',
      startBranch: '',
      message: 'c',
      author,
      actions: [create('a', 'x')],
    })
    const feature = await createBranch(repo, 'feature', 'main')
    expect(feature).toMatchObject({ name: 'feature', merged: true, isDefault: false })
    await expect(createBranch(repo, 'feature', 'main')).rejects.toThrow('Branch already exists')
    await expect(createBranch(repo, 'a..b', 'main')).rejects.toThrow('Branch name is invalid')
    await expect(createBranch(repo, 'x', 'nope')).rejects.toThrow('Invalid reference name: nope')
    expect((await listBranches(repo, 'feat')).map((b) => b.name)).toEqual(['feature'])
    expect((await getBranch(repo, 'main')).isDefault).toBe(true)
    await expect(deleteBranch(repo, 'main')).rejects.toBeInstanceOf(PreconditionError)
    await setDefaultBranch(repo, 'feature')
    expect((await getBranch(repo, 'feature')).isDefault).toBe(true)
    await expect(setDefaultBranch(repo, 'nope')).rejects.toBeInstanceOf(NotFoundError)
    await setDefaultBranch(repo, 'main')
    await deleteBranch(repo, 'feature')
    await expect(getBranch(repo, 'feature')).rejects.toBeInstanceOf(NotFoundError)
  })

  it('advertises refs for smart HTTP and answers an upload-pack request', async () => {
    await commitFiles(repo, {
      branch: 'main',
      startBranch: '',
      message: 'c',
      author,
      actions: [create('a', 'x')],
    })
    const advertisement = (await infoRefs(repo, 'upload-pack', '')).toString('utf8')
    expect(advertisement.startsWith('001e# service=git-upload-pack\n0000')).toBe(true)
    expect(advertisement).toContain('refs/heads/main')
    const out = new PassThrough()
    const chunks: Buffer[] = []
    out.on('data', (chunk: Buffer) => chunks.push(chunk))
    await runService(repo, 'upload-pack', '', Readable.from([Buffer.from('0000')]), out)
    expect(Buffer.concat(chunks).length).toBe(0)
  })
})

describe('commit stats', () => {
  it('counts added and removed lines against the first parent, and for a root commit', async () => {
    const author = { name: 'A', email: 'a@example.com' }
    const base = { branch: 'main', startBranch: '', message: 'm', author }
    const first = await commitFiles(repo, {
      ...base,
      actions: [
        {
          action: 'create',
          filePath: 'a.txt',
          previousPath: '',
          content: Buffer.from('1\n2\n3\n'),
          executeFilemode: undefined,
        },
      ],
    })
    expect(await commitStats(repo, first.commit)).toEqual({ additions: 3, deletions: 0 })
    const second = await commitFiles(repo, {
      ...base,
      actions: [
        {
          action: 'update',
          filePath: 'a.txt',
          previousPath: '',
          content: Buffer.from('1\n3\n4\n5\n'),
          executeFilemode: undefined,
        },
      ],
    })
    expect(await commitStats(repo, second.commit)).toEqual({ additions: 2, deletions: 1 })
  })
})
