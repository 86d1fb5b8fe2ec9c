import { isObjectId } from '../domain/ref-names.js'
import type { Repo } from '../store/repository-store.js'

/** GetBlob's answer: a blob found by its object id, its content when small enough. */
export type BlobById =
  | { found: false }
  | { found: true; blobId: string; size: number; tooLarge: boolean; content: Buffer }

/**
 * The blob an object id (abbreviated or full) names, as Gitlab::Git::Blob.raw
 * finds it: anything that is not a hexadecimal id, names no object or names a
 * commit or tree is "not found". Its content when at most `maxBytes`.
 */
export async function blobById(repo: Repo, sha: string, maxBytes: number): Promise<BlobById> {
  if (!isObjectId(sha)) return { found: false }
  const check = await repo.text(
    ['cat-file', '--batch-check=%(objectname) %(objecttype) %(objectsize)'],
    { input: `${sha}\n` },
  )
  const [blobId = '', type, sizeText = '0'] = check.split(' ')
  if (type !== 'blob') return { found: false }
  const size = Number(sizeText)
  if (size > maxBytes)
    return { found: true, blobId, size, tooLarge: true, content: Buffer.alloc(0) }
  const { stdout } = await repo.run(['cat-file', 'blob', blobId])
  return { found: true, blobId, size, tooLarge: false, content: stdout }
}
