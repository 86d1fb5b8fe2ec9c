import { COMMIT_FORMAT, parseCommits, type GitCommit } from './commit-log.js'
import { resolveLimits, type DiffLimitsInput } from '../domain/diff-limits.js'
import { collectDiffs, type DiffCollection } from './file-diffs.js'
import { commitBySha } from './revisions.js'
import type { Repo } from '../store/repository-store.js'
import { loadTrailers, type GitTrailer } from './trailers.js'

/** A commit of a comparison, with its trailers in message order. */
export interface ComparedCommit extends GitCommit {
  trailers: GitTrailer[]
}

export interface CompareInput {
  baseSha: string
  headSha: string
  limits: Partial<DiffLimitsInput> | undefined
  skipDiffs: boolean
  skipCommits: boolean
}

export interface Comparison extends DiffCollection {
  commits: ComparedCommit[]
}

const EMPTY_DIFFS: DiffCollection = { diffs: [], overflow: false, realSize: 0, patchId: '' }

/** The commits of base..head, newest first, each with git's parsing of its trailers. */
export async function commitsBetween(
  repo: Repo,
  base: string,
  head: string,
): Promise<ComparedCommit[]> {
  const range = [head, `^${base}`]
  const { stdout } = await repo.run(['log', '-z', COMMIT_FORMAT, '--end-of-options', ...range])
  const trailers = await loadTrailers(repo, range)
  return parseCommits(stdout.toString('utf8')).map((commit) => ({
    ...commit,
    trailers: trailers.get(commit.id) ?? [],
  }))
}

/**
 * CompareCommits: the commits and the file diffs between two full SHAs
 * (validated, NOT_FOUND "Commit" when missing) under GitLab's diff limits.
 */
export async function compareCommits(repo: Repo, input: CompareInput): Promise<Comparison> {
  const base = await commitBySha(repo, input.baseSha, 'base_sha')
  const head = await commitBySha(repo, input.headSha, 'head_sha')
  const commits = input.skipCommits ? [] : await commitsBetween(repo, base, head)
  const diffs = input.skipDiffs
    ? EMPTY_DIFFS
    : await collectDiffs(repo, base, head, resolveLimits(input.limits))
  return { commits, ...diffs }
}
