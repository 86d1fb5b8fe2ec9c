/**
 * Recovery of work lost between a commit and its enqueue (a crash there, or
 * Redis unreachable): opened requests without a diff version, or waiting for
 * a merge status check, for over 20 s get a diff collection again. It
 * re-derives what may be stale (a push or a new target branch whose
 * collection was lost leaves an old version and an unchecked status) and is
 * followed by the status check. The jobs are idempotent, so a request that
 * was only slow costs a repeated check. Projects with merge
 * requests but no access facts (a database from before the read model) are
 * fetched once, which records their facts, so the lists that span projects
 * never leave them out for good.
 */
import type { MergeRequestsDeps } from './ports.js'

/** How long work may wait before the sweeper queues it again. */
export const STUCK_AFTER_MS = 20_000
const BATCH = 500

/** Queues the stuck requests again; answers how many of each kind. */
export async function sweepStuckMergeRequests(
  deps: Pick<MergeRequestsDeps, 'stores' | 'ports'>,
  now = new Date(),
): Promise<{ diffs: number; statuses: number; accessFacts: number }> {
  const { stores, ports } = deps
  const before = new Date(now.getTime() - STUCK_AFTER_MS)
  const stuck = await stores.mergeStatus.findStuck(before, BATCH)
  for (const id of stuck.withoutDiff) await ports.queues.enqueueDiffCollection(id)
  for (const id of stuck.pendingStatus) await ports.queues.enqueueDiffCollection(id)
  const unrecorded = await stores.accessFacts.findProjectsWithout(BATCH)
  // The projects port records the facts of every project it answers.
  if (unrecorded.length > 0) await ports.projects.findProjects(unrecorded)
  return {
    diffs: stuck.withoutDiff.length,
    statuses: stuck.pendingStatus.length,
    accessFacts: unrecorded.length,
  }
}
