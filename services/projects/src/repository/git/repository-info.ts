import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { LRUCache } from 'lru-cache'
import { pickLicenseFile } from '../domain/license-file.js'
import { detectLicense, type KnownLicense } from '../domain/licenses.js'
import type { Repo } from '../store/repository-store.js'

/** What the project entity needs of its repository (GetRepositoryInfoResponse's facts). */
export interface RepositoryInfo {
  exists: boolean
  empty: boolean
  sizeBytes: number
  commitCount: number
  rootRef: string | undefined
  readmePath: string | undefined
  licensePath: string | undefined
  license: KnownLicense | undefined
}

const README = /^readme(\.[^/]*)?$/i
/** A license file larger than this is not read (license texts are a few tens of KB). */
const MAX_LICENSE_BYTES = 1024 * 1024

/** One entry of `git ls-tree -l`: a root file or directory of a commit. */
interface TreeEntry {
  type: string
  oid: string
  size: number
  name: string
}

async function rootEntries(repo: Repo, commit: string): Promise<TreeEntry[]> {
  const out = (await repo.run(['ls-tree', '-l', '-z', commit])).stdout
  return out
    .toString('utf8')
    .split('\0')
    .flatMap((line) => {
      // <mode> SP <type> SP <oid> SP+ <size or -> TAB <name>
      const match = /^\d+ (\w+) ([0-9a-f]+) +(\d+|-)\t(.+)$/s.exec(line)
      if (!match) return []
      const [, type = '', oid = '', size = '-', name = ''] = match
      return [{ type, oid, size: size === '-' ? 0 : Number(size), name }]
    })
}

/** How long a repository's measured size is given again while its branches stay where they are. */
const SIZE_HELD_MS = 60_000

/** Sizes by repository, with the branch heads they were measured at (a digest); lru-cache ages them out. */
const sizesHeld = new LRUCache<string, { heads: string; bytes: number }>({
  max: 10_000,
  ttl: SIZE_HELD_MS,
})

/**
 * The repository's size on disk (a walk over every file of it, the costliest part of a read),
 * measured again once a branch moved or SIZE_HELD_MS passed: a push to a branch shows at once;
 * a tag, a merge request ref or a repack within the minute, as GitLab's own statistics follow
 * a push in a worker.
 */
async function sizeOf(repo: Repo, branches: ReadonlyMap<string, string>): Promise<number> {
  const digest = createHash('sha1')
  for (const [ref, oid] of branches) digest.update(`${oid} ${ref}\n`)
  const heads = digest.digest('hex')
  const held = sizesHeld.get(repo.gitDir)
  if (held?.heads === heads) return held.bytes
  const bytes = await repo.sizeBytes()
  sizesHeld.set(repo.gitDir, { heads, bytes })
  return bytes
}

/** HEAD's file naming a branch ("ref: refs/heads/<name>"), as the files backend writes it. */
const HEAD_FILE = /^ref: refs\/heads\/([^\n]+)\n?$/

/**
 * The branch HEAD names, read from HEAD's file without a git process; git itself answers when
 * the file says anything else (a detached HEAD, or reftable's placeholder branch ".invalid").
 */
async function headBranchOf(repo: Repo): Promise<string | undefined> {
  const text = await readFile(join(repo.gitDir, 'HEAD'), 'utf8').catch(() => '')
  const name = HEAD_FILE.exec(text)?.[1]
  return name !== undefined && name !== '.invalid' ? name : repo.headBranch()
}

/** What a commit alone decides of the repository's facts: its history's length and root tree. */
interface CommitFacts {
  commitCount: number
  entries: readonly TreeEntry[]
}

/** Root trees longer than this are read each time rather than held. */
const MAX_HELD_ENTRIES = 200

/**
 * Commit facts by repository and commit id. A commit's history and tree never change, so an
 * entry is exact for as long as it is held: a push moves the branch to another commit, which
 * is another key. Bounded in entries (each holds at most MAX_HELD_ENTRIES tree entries).
 */
const commitFactsHeld = new LRUCache<string, CommitFacts>({ max: 2_000 })

/**
 * `git rev-list --count` and `git ls-tree` of the default branch's commit, run once per
 * commit: the project entity's reads ask for the same head commit until the next push.
 */
async function commitFacts(repo: Repo, commit: string): Promise<CommitFacts> {
  const key = `${repo.gitDir}\0${commit}`
  const held = commitFactsHeld.get(key)
  if (held) return held
  const commitCount = Number.parseInt(await repo.text(['rev-list', '--count', commit]), 10) || 0
  const entries = await rootEntries(repo, commit)
  const facts = { commitCount, entries }
  if (entries.length <= MAX_HELD_ENTRIES) commitFactsHeld.set(key, facts)
  return facts
}

/**
 * The license file at the root (Repository#license_blob) and, when asked, what
 * it is (#license): recognising it reads the whole file, so only
 * `GET /projects/:id?license=true` asks; the path comes from the tree listing.
 */
async function readLicense(
  repo: Repo,
  entries: readonly TreeEntry[],
  recognise: boolean,
): Promise<Pick<RepositoryInfo, 'licensePath' | 'license'>> {
  const blobs = entries.filter((entry) => entry.type === 'blob')
  const licensePath = pickLicenseFile(blobs.map((entry) => entry.name))
  const blob = blobs.find((entry) => entry.name === licensePath)
  if (!blob) return { licensePath: undefined, license: undefined }
  if (!recognise || blob.size > MAX_LICENSE_BYTES) return { licensePath, license: undefined }
  const text = (await repo.run(['cat-file', 'blob', blob.oid])).stdout.toString('utf8')
  const found = detectLicense(text)
  return { licensePath, license: found }
}

export interface InfoOptions {
  /** Recognise the license file's text (reads it); by default only its path is given. */
  license: boolean
}

/** What the project entity needs of its repository: empty_repo, size, commit count, readme, license. */
export async function readRepositoryInfo(
  repo: Repo,
  options: InfoOptions = { license: true },
  signal?: AbortSignal,
): Promise<RepositoryInfo> {
  // Each step runs git; once the caller is gone (cancelled, past its deadline) no further one
  // starts. Under load, reads nobody waits for any longer would otherwise pile up behind the
  // ones still wanted, and every later read would pass its deadline too.
  const wanted = <T>(value: T): T => {
    signal?.throwIfAborted()
    return value
  }
  const nothing = { readmePath: undefined, licensePath: undefined, license: undefined }
  if (!wanted(await repo.exists())) {
    return {
      exists: false,
      empty: true,
      sizeBytes: 0,
      commitCount: 0,
      rootRef: undefined,
      ...nothing,
    }
  }
  const branches = wanted(await repo.refs(['refs/heads']))
  const sizeBytes = wanted(await sizeOf(repo, branches))
  const head = wanted(await headBranchOf(repo))
  // for-each-ref above already named the branch's commit: no rev-parse of it.
  const headCommit = head ? branches.get(`refs/heads/${head}`) : undefined
  if (branches.size === 0 || !headCommit) {
    return {
      exists: true,
      empty: branches.size === 0,
      sizeBytes,
      commitCount: 0,
      rootRef: head,
      ...nothing,
    }
  }
  const { commitCount, entries } = wanted(await commitFacts(repo, headCommit))
  const readmePath = entries
    .map((entry) => entry.name)
    .filter((name) => README.test(name))
    .sort()[0]
  return {
    exists: true,
    empty: false,
    sizeBytes,
    commitCount,
    rootRef: head,
    readmePath,
    ...(await readLicense(repo, entries, options.license)),
  }
}
