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
