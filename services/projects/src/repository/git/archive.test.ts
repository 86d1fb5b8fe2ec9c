import { execFileSync } from 'node:child_process'
import { buffer } from 'node:stream/consumers'
import { gunzipSync } from 'node:zlib'
import { NotFoundError } from '@suite/runtime'
import { archiveStream, snapshotStream } from './archive.js'
import { blobById } from './blob-by-id.js'
import { commitOn, createTestRepo, type TestRepo } from '../testing/test-repo.js'

let test: TestRepo

beforeEach(async () => {
  test = await createTestRepo()
})
afterEach(() => test.cleanup())

/** What real `git archive` writes for the same commit. */
function gitArchive(gitDir: string, args: string[]): Buffer {
  return execFileSync('git', [`--git-dir=${gitDir}`, 'archive', ...args])
}

/** The entry names of a tar, as `tar t` lists them. */
function tarEntries(tar: Buffer): string[] {
  return execFileSync('tar', ['-t'], { input: tar }).toString('utf8').split('\n').filter(Boolean)
}

describe('archiveStream', () => {
  it('streams the same tar as git archive, and the same tar gzipped and bzip2ed', async () => {
    const { repo } = test
    const sha = await commitOn(repo, 'main', { 'a.txt': 'a\n', 'lib/b.ts': 'b\n' })
    const request = { commitId: sha, prefix: 'p-main', path: '' }
    const tar = await buffer(await archiveStream(repo, { ...request, kind: 'tar' }))
    expect(tar).toEqual(gitArchive(repo.gitDir, ['--format=tar', '--prefix=p-main/', sha]))
    expect(tarEntries(tar)).toEqual(['p-main/', 'p-main/a.txt', 'p-main/lib/', 'p-main/lib/b.ts'])
    const gz = await buffer(await archiveStream(repo, { ...request, kind: 'tar.gz' }))
    expect(gunzipSync(gz)).toEqual(tar)
    const bz2 = await buffer(await archiveStream(repo, { ...request, kind: 'tar.bz2' }))
    expect(execFileSync('bzip2', ['-dc'], { input: bz2 })).toEqual(tar)
    const zip = await buffer(await archiveStream(repo, { ...request, kind: 'zip' }))
    expect(zip).toEqual(gitArchive(repo.gitDir, ['--format=zip', '--prefix=p-main/', sha]))
  })

  it('archives one directory, and answers File not found for a path the commit lacks', async () => {
    const { repo } = test
    const sha = await commitOn(repo, 'main', { 'a.txt': 'a\n', 'lib/b.ts': 'b\n' })
    const request = { commitId: sha, prefix: 'p', kind: 'tar' as const }
    const tar = await buffer(await archiveStream(repo, { ...request, path: 'lib' }))
    expect(tar).toEqual(gitArchive(repo.gitDir, ['--format=tar', '--prefix=p/', sha, 'lib']))
    await expect(archiveStream(repo, { ...request, path: 'nope' })).rejects.toThrow(NotFoundError)
    await expect(archiveStream(repo, { ...request, path: '../x' })).rejects.toThrow(NotFoundError)
    await expect(archiveStream(repo, { ...request, path: '', prefix: 'a/b' })).rejects.toThrow(
      'prefix is invalid',
    )
  })

  it('tars the refs and objects of the repository for a snapshot', async () => {
    const { repo } = test
    await commitOn(repo, 'main', { 'a.txt': 'a\n' })
    const entries = tarEntries(await buffer(await snapshotStream(repo)))
    expect(entries).toContain('HEAD')
    expect(entries).toContain('refs/heads/main')
    expect(entries.some((entry) => entry.startsWith('objects/'))).toBe(true)
    expect(entries).not.toContain('config')
  })
})

describe('blobById', () => {
  it('finds a blob by full or short id, never a commit or a non-id', async () => {
    const { repo } = test
    const sha = await commitOn(repo, 'main', { 'a.txt': 'hello\n' })
    const id = (await repo.text(['rev-parse', `${sha}:a.txt`])).trim()
    const blob = { found: true, blobId: id, size: 6, tooLarge: false }
    expect(await blobById(repo, id, 100)).toEqual({ ...blob, content: Buffer.from('hello\n') })
    expect(await blobById(repo, id.slice(0, 8), 100)).toMatchObject(blob)
    expect(await blobById(repo, id, 3)).toMatchObject({ tooLarge: true, content: Buffer.alloc(0) })
    expect(await blobById(repo, sha, 100)).toEqual({ found: false })
    expect(await blobById(repo, 'main:a.txt', 100)).toEqual({ found: false })
    expect(await blobById(repo, 'f'.repeat(40), 100)).toEqual({ found: false })
  })
})
