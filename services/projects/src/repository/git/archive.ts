import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { access } from 'node:fs/promises'
import { join } from 'node:path'
import { PassThrough, type Readable } from 'node:stream'
import { createGzip } from 'node:zlib'
import { badRequest, notFound } from '../domain/errors.js'
import { isValidFilePath } from '../domain/ref-names.js'
import type { Repo } from '../store/repository-store.js'
import { gitChildEnv, GitCommandError, spawnGit } from './git-command.js'
import { commitBySha } from './revisions.js'

/** The archive formats GitLab serves (lib/api/repositories.rb), by their file extension. */
export type ArchiveKind = 'tar.gz' | 'tar.bz2' | 'tar' | 'zip'

export interface ArchiveRequest {
  commitId: string
  kind: ArchiveKind
  /** The top directory of every entry (Repository#archive_prefix), without slashes. */
  prefix: string
  /** One directory or file of the commit; the whole tree when empty. */
  path: string
}

/** A prefix is one directory name: no slash, no control character, not `.` or `..`. */
function isValidPrefix(prefix: string): boolean {
  // eslint-disable-next-line no-control-regex
  if (prefix === '' || /[\x00-\x1f\x7f/]/.test(prefix)) return false
  return prefix !== '.' && prefix !== '..' && Buffer.byteLength(prefix) <= 1024
}

/**
 * A child's stdout as the stream's bytes; the stream fails when the child
 * exits non-zero (after what it wrote), and destroying the stream kills it.
 */
function childOutput(
  child: ChildProcessWithoutNullStreams,
  args: readonly string[],
  out: PassThrough,
  okCodes: readonly number[] = [0],
): void {
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => {
    if (stderr.length < 16 * 1024) stderr += chunk.toString('utf8')
  })
  child.stdout.pipe(out, { end: false })
  child.once('error', (error) => out.destroy(error))
  child.once('close', (code) => {
    if (code !== null && okCodes.includes(code)) out.end()
    else out.destroy(new GitCommandError(args, code, stderr))
  })
  out.once('close', () => {
    if (child.exitCode === null) child.kill()
  })
}

/** tar.gz in-process (zlib); tar.bz2 through the bzip2 program, started without a shell. */
function compress(tar: Readable, kind: ArchiveKind, env: NodeJS.ProcessEnv): Readable {
  if (kind === 'tar.gz') {
    const gzip = createGzip()
    tar.once('error', (error) => gzip.destroy(error))
    return tar.pipe(gzip)
  }
  if (kind !== 'tar.bz2') return tar
  const bzip2 = spawn('bzip2', ['-c'], { env, stdio: ['pipe', 'pipe', 'pipe'], shell: false })
  const out = new PassThrough()
  childOutput(bzip2, ['bzip2'], out)
  bzip2.stdin.on('error', () => undefined)
  tar.once('error', (error) => out.destroy(error))
  out.once('close', () => tar.destroy())
  tar.pipe(bzip2.stdin)
  return out
}

/**
 * `git archive` of a commit (or one path of it) under `prefix/`, compressed
 * as asked, as a byte stream that git fills while it is read: nothing is
 * held whole in memory. The commit, the prefix and the path are checked
 * before git runs (INVALID_ARGUMENT; NOT_FOUND "File" for a path the commit
 * does not have); destroying the stream stops git.
 */
export async function archiveStream(repo: Repo, request: ArchiveRequest): Promise<Readable> {
  const commit = await commitBySha(repo, request.commitId, 'commit_id')
  if (!isValidPrefix(request.prefix)) throw badRequest('prefix is invalid')
  const paths: string[] = []
  if (request.path !== '') {
    if (!isValidFilePath(request.path)) throw notFound('File')
    const { exitCode } = await repo.run(['cat-file', '-e', `${commit}:${request.path}`], {
      okCodes: [1, 128],
    })
    if (exitCode !== 0) throw notFound('File')
    paths.push(request.path)
  }
  const format = request.kind === 'zip' ? 'zip' : 'tar'
  const args = [
    '--literal-pathspecs',
    'archive',
    `--format=${format}`,
    `--prefix=${request.prefix}/`,
    commit,
    ...paths,
  ]
  const git = spawnGit(repo.gitEnv, repo.gitDir, args)
  git.stdin.end()
  const tar = new PassThrough()
  childOutput(git, args, tar)
  return compress(tar, request.kind, gitChildEnv(repo.gitEnv))
}

/** What Gitaly's GetSnapshot puts in the tar: the refs and objects, not config or hooks. */
const SNAPSHOT_ENTRIES = ['HEAD', 'packed-refs', 'shallow', 'refs', 'objects']

/**
 * A tar of the bare repository's refs and objects (Gitaly's GetSnapshot), as
 * `tar` writes it; entries are fixed names under the repository's own
 * directory, which comes from the project id alone.
 */
export async function snapshotStream(repo: Repo): Promise<Readable> {
  const entries: string[] = []
  for (const entry of SNAPSHOT_ENTRIES) {
    try {
      await access(join(repo.gitDir, entry))
      entries.push(entry)
    } catch {
      // Absent in this repository (no packed refs yet, not shallow).
    }
  }
  const args = ['-c', '-f', '-', '-C', repo.gitDir, '--', ...entries]
  const env = gitChildEnv(repo.gitEnv)
  const child = spawn('tar', args, { env, stdio: ['pipe', 'pipe', 'pipe'], shell: false })
  child.stdin.end()
  const out = new PassThrough()
  // 1: a file changed while tar read it; the snapshot is "possibly inconsistent", as GitLab says.
  childOutput(child, ['tar'], out, [0, 1])
  return out
}
