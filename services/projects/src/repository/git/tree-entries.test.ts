import { NotFoundError } from '@suite/runtime'
import { lastCommitFor, readFileAt } from './blob-reader.js'
import { commitOn, createTestRepo, type TestRepo } from '../testing/test-repo.js'
import { listTree } from './tree-entries.js'

let test: TestRepo

beforeEach(async () => {
  test = await createTestRepo()
})
afterEach(() => test.cleanup())

const query = (extra: Partial<Parameters<typeof listTree>[1]> = {}) => ({
  ref: '',
  path: '',
  recursive: false,
  ...extra,
})

describe('listTree', () => {
  it('lists the default branch root, trees before blobs, with ids and modes', async () => {
    const { repo } = test
    await commitOn(repo, 'main', { 'z.txt': 'z\n', 'lib/a.ts': 'a\n', 'lib/deep/b.ts': 'b\n' })
    const root = await listTree(repo, query())
    expect(root.map(({ name, type, path, mode }) => [name, type, path, mode])).toEqual([
      ['lib', 'tree', 'lib', '040000'],
      ['z.txt', 'blob', 'z.txt', '100644'],
    ])
    const blob = (await repo.text(['rev-parse', 'main:z.txt'])).trim()
    expect(root[1]?.id).toBe(blob)
  })

  it('lists a directory and, recursively, everything below it with full paths', async () => {
    const { repo } = test
    await commitOn(repo, 'main', { 'lib/a.ts': 'a\n', 'lib/deep/b.ts': 'b\n', 'top.md': 't\n' })
    const lib = await listTree(repo, query({ path: 'lib/' }))
    expect(lib.map((entry) => entry.path)).toEqual(['lib/deep', 'lib/a.ts'])
    const all = await listTree(repo, query({ recursive: true }))
    expect(all.map((entry) => `${entry.type} ${entry.path}`)).toEqual([
      'tree lib',
      'tree lib/deep',
      'blob lib/a.ts',
      'blob lib/deep/b.ts',
      'blob top.md',
    ])
  })

  it('reads another branch, a tag or a commit id, and keeps odd file names whole', async () => {
    const { repo } = test
    const first = await commitOn(repo, 'main', { 'a.txt': 'a\n' })
    await commitOn(repo, 'feature', { 'trailing ': 'x\n', ':(glob)*': 'y\n' }, { start: 'main' })
    expect((await listTree(repo, query({ ref: first }))).map((e) => e.name)).toEqual(['a.txt'])
    const feature = await listTree(repo, query({ ref: 'feature' }))
    expect(feature.map((e) => e.name).sort()).toEqual([':(glob)*', 'a.txt', 'trailing '])
  })

  it('answers Tree not found for a missing ref, path, a file, an empty repository', async () => {
    const { repo } = test
    await expect(listTree(repo, query())).rejects.toThrow(NotFoundError)
    await commitOn(repo, 'main', { 'a.txt': 'a\n' })
    for (const bad of [{ ref: 'nope' }, { path: 'missing' }, { path: 'a.txt' }, { path: '../x' }]) {
      await expect(listTree(repo, query(bad))).rejects.toThrow('Tree')
    }
  })
})

describe('readFileAt', () => {
  it('gives the blob id, size and mode, executable and too large included', async () => {
    const { repo } = test
    await commitOn(repo, 'main', { 'bin/run.sh': 'echo hi\n' })
    const sha = await commitOn(repo, 'main', { 'bin/run.sh': { executable: true } })
    const blobId = (await repo.text(['rev-parse', 'main:bin/run.sh'])).trim()
    expect(await readFileAt(repo, sha, 'bin/run.sh', 100)).toEqual({
      found: true,
      content: Buffer.from('echo hi\n'),
      blobId,
      size: 8,
      mode: '100755',
    })
    expect(await readFileAt(repo, sha, 'bin/run.sh', 4)).toEqual({
      found: false,
      tooLarge: true,
      blobId,
      size: 8,
      mode: '100755',
    })
    expect(await readFileAt(repo, sha, 'bin', 100)).toEqual({ found: false, tooLarge: false })
    const later = await commitOn(repo, 'main', { ':(glob)*': 'other\n' })
    expect(await lastCommitFor(repo, later, 'bin/run.sh')).toBe(sha)
    expect(await lastCommitFor(repo, later, ':(glob)*')).toBe(later)
  })
})
