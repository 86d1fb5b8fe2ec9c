import { InvalidError } from '@suite/runtime'
import { commitByRevision } from './revisions.js'
import type { Repo } from '../store/repository-store.js'

/** `git merge-base` of resolved commit ids; undefined when they share no history (exit 1). */
async function mergeBaseOfCommits(
  repo: Repo,
  commits: readonly string[],
): Promise<string | undefined> {
  const { stdout, exitCode } = await repo.run(['merge-base', '--end-of-options', ...commits], {
    okCodes: [1],
  })
  const base = stdout.toString('utf8').trim()
  return exitCode === 0 && base !== '' ? base : undefined
}

/** The best common ancestor of two commits (full ids), or undefined when they share no history. */
export function mergeBaseOf(repo: Repo, a: string, b: string): Promise<string | undefined> {
  return mergeBaseOfCommits(repo, [a, b])
}

/** `git merge-base --is-ancestor`: whether `ancestor` is reachable from `descendant`. */
export async function isAncestor(
  repo: Repo,
  ancestor: string,
  descendant: string,
): Promise<boolean> {
  const { exitCode } = await repo.run(
    ['merge-base', '--is-ancestor', '--end-of-options', ancestor, descendant],
    { okCodes: [1] },
  )
  return exitCode === 0
}

/**
 * FindMergeBase: `git merge-base` of two or more revisions (full SHAs or
 * branch names, each validated and resolved first); undefined when unrelated.
 */
export async function findMergeBase(
  repo: Repo,
  revisions: readonly string[],
): Promise<string | undefined> {
  if (revisions.length < 2) throw new InvalidError({}, 'at least 2 revisions are required')
  const commits: string[] = []
  for (const revision of revisions) commits.push(await commitByRevision(repo, revision))
  return mergeBaseOfCommits(repo, commits)
}

/** The most refs one merge-base question may name. */
export const MAX_MERGE_BASE_REFS = 100

/**
 * GET /repository/merge_base (Gitlab::Git::MergeBase): each ref resolved as
 * GitLab resolves a user's ref (branch, tag, commit id), GitLab's 400 for the
 * refs that name nothing; the best common ancestor, undefined when unrelated.
 */
export async function mergeBaseOfRefs(
  repo: Repo,
  refs: readonly string[],
): Promise<string | undefined> {
  if (refs.length < 2) throw new InvalidError({}, 'Provide at least 2 refs')
  if (refs.length > MAX_MERGE_BASE_REFS) {
    throw new InvalidError({}, `Provide at most ${MAX_MERGE_BASE_REFS} refs`)
  }
  // One at a time: a hundred refs must not start hundreds of git processes at once.
  const commits: string[] = []
  const unknown: string[] = []
  for (const ref of refs) {
    const commit = await repo.resolveCommit(ref)
    if (commit) commits.push(commit)
    else unknown.push(ref)
  }
  if (unknown.length > 0) {
    const noun = unknown.length === 1 ? 'ref' : 'refs'
    throw new InvalidError({}, `Could not find ${noun}: ${unknown.join(', ')}`)
  }
  return mergeBaseOfCommits(repo, commits)
}
