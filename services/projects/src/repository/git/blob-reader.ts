import { badRequest } from '../domain/errors.js'
import { isFullObjectId, isValidFilePath } from '../domain/ref-names.js'
import type { Repo } from '../store/repository-store.js'

/**
 * The contents of the blobs that `<commit>:<path>` revisions name, those of
 * at most `maxBytes` only (the rest, missing ones and non-blobs are left
 * out): sizes first with --batch-check, then one --batch read.
 */
export async function readSmallBlobs(
  repo: Repo,
  revisions: readonly string[],
  maxBytes: number,
): Promise<Map<string, Buffer>> {
  const found = new Map<string, Buffer>()
  const asked = revisions.filter((revision) => !revision.includes('\n'))
  if (asked.length === 0) return found
  const check = await repo.text(
    ['cat-file', '--batch-check=%(objectname) %(objecttype) %(objectsize)'],
    {
      input: asked.map((revision) => `${revision}\n`).join(''),
    },
  )
  const wanted = new Map<string, string[]>()
  check.split('\n').forEach((line, index) => {
    const [oid = '', type, size] = line.split(' ')
    const revision = asked[index]
    if (type !== 'blob' || Number(size) > maxBytes || revision === undefined) return
    wanted.set(oid, [...(wanted.get(oid) ?? []), revision])
  })
  if (wanted.size === 0) return found
  const { stdout } = await repo.run(['cat-file', '--batch'], {
    input: [...wanted.keys()].map((oid) => `${oid}\n`).join(''),
  })
  let offset = 0
  while (offset < stdout.length) {
    const headerEnd = stdout.indexOf(10, offset)
    if (headerEnd < 0) break
    const [oid = '', , size = '0'] = stdout.subarray(offset, headerEnd).toString('utf8').split(' ')
    const length = Number(size)
    const content = stdout.subarray(headerEnd + 1, headerEnd + 1 + length)
    for (const revision of wanted.get(oid) ?? []) found.set(revision, content)
    offset = headerEnd + 1 + length + 1
  }
  return found
}

/** What a blob is besides its content: its id, size and tree mode. */
export interface BlobFacts {
  blobId: string
  size: number
  /** "100644", "100755" (executable) or "120000" (a symlink). */
  mode: string
}

/** One file of a commit: its content, or why there is none. */
export type FileAtCommit =
  | ({ found: true; content: Buffer } & BlobFacts)
  | ({ found: false; tooLarge: true } & BlobFacts)
  | { found: false; tooLarge: false }

/** The tree mode of `<sha>:<path>`; --literal-pathspecs so that no pathspec magic applies. */
async function modeAt(repo: Repo, sha: string, path: string): Promise<string> {
  const { stdout } = await repo.run(['--literal-pathspecs', 'ls-tree', '-z', sha, '--', path])
  return stdout.toString('utf8').split(' ', 1)[0] ?? ''
}

/**
 * The last commit up to `sha` that changed `path` (GitLab's last_commit_id),
 * the path taken literally.
 */
export async function lastCommitFor(repo: Repo, sha: string, path: string): Promise<string> {
  const { stdout } = await repo.run([
    '--literal-pathspecs',
    'log',
    '-1',
    '--format=%H',
    sha,
    '--',
    path,
  ])
  return stdout.toString('utf8').trim()
}

/**
 * The file at `<sha>:<path>` when it is a blob of at most `maxBytes`; the
 * caller has validated the sha and the path.
 */
export async function readFileAt(
  repo: Repo,
  sha: string,
  path: string,
  maxBytes: number,
): Promise<FileAtCommit> {
  const revision = `${sha}:${path}`
  const check = await repo.text(
    ['cat-file', '--batch-check=%(objectname) %(objecttype) %(objectsize)'],
    { input: `${revision}\n` },
  )
  const [blobId = '', type, sizeText] = check.trim().split(' ')
  if (type !== 'blob') return { found: false, tooLarge: false }
  const facts = { blobId, size: Number(sizeText), mode: await modeAt(repo, sha, path) }
  if (facts.size > maxBytes) return { found: false, tooLarge: true, ...facts }
  const content = (await readSmallBlobs(repo, [revision], maxBytes)).get(revision)
  return content ? { found: true, content, ...facts } : { found: false, tooLarge: false }
}

/** The largest file ReadFile answers (a gRPC message stays under its 4 MiB default). */
export const MAX_READ_FILE_BYTES = 2 * 1024 * 1024

/** What ReadFile asks, checked before git sees it (fileRequest). */
export interface FileRequest {
  sha: string
  path: string
  maxBytes: number
  lastCommit: boolean
}

/** ReadFile's answer: the file and its facts, and its last commit when asked. */
export interface FileRead {
  found: boolean
  content: Buffer
  tooLarge: boolean
  blobId: string
  size: number
  mode: string
  lastCommitId: string
}

/**
 * ReadFile's request: a full SHA and a valid path (INVALID_ARGUMENT
 * otherwise), max_bytes within 0 and the cap.
 */
export function fileRequest(
  sha: string,
  path: string,
  maxBytes: number,
  lastCommit: boolean,
): FileRequest {
  if (!isFullObjectId(sha)) throw badRequest('sha is invalid')
  if (!isValidFilePath(path)) throw badRequest('path is invalid')
  return { sha, path, maxBytes: Math.min(Math.max(maxBytes, 0), MAX_READ_FILE_BYTES), lastCommit }
}

/** ReadFile: the file at the commit, its facts even when too large, its last commit when asked. */
export async function readFile(repo: Repo, request: FileRequest): Promise<FileRead> {
  const { sha, path } = request
  const file = await readFileAt(repo, sha, path, request.maxBytes)
  if (!file.found && !file.tooLarge) {
    const none = { blobId: '', size: 0, mode: '', lastCommitId: '' }
    return { found: false, content: Buffer.alloc(0), tooLarge: false, ...none }
  }
  const lastCommitId = request.lastCommit ? await lastCommitFor(repo, sha, path) : ''
  return file.found
    ? { ...file, tooLarge: false, lastCommitId }
    : { ...file, content: Buffer.alloc(0), lastCommitId }
}
