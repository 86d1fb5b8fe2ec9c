/**
 * Recovery of work lost between a commit and its enqueue (a crash there):
 * opened requests without a diff version, or waiting for a merge status
 * check, for over a minute are queued again. The jobs are idempotent, so a
 * request that was only slow costs a repeated check. Projects with merge
 * requests but no access facts (a database from before the read model) are
 * fetched once, which records their facts, so the lists that span projects
 * never leave them out for good.
 */
import type { MergeRequestsDeps } from './deps.js'
import { findStuckMergeRequests } from '../store/merge-status.store.js'
import { findProjectsWithoutAccessFacts } from '../store/project-access-facts.store.js'
import { enqueueDiffCollection, enqueueMergeStatusCheck } from '../workers/queues.js'

/** How long work may wait before the sweeper queues it again. */
export const STUCK_AFTER_MS = 60_000
const BATCH = 500

/** Queues the stuck requests again; answers how many of each kind. */
export async function sweepStuckMergeRequests(
  deps: MergeRequestsDeps,
  now = new Date(),
): Promise<{ diffs: number; statuses: number; accessFacts: number }> {
  const before = new Date(now.getTime() - STUCK_AFTER_MS)
  const stuck = await findStuckMergeRequests(deps.db, before, BATCH)
  for (const id of stuck.withoutDiff) await enqueueDiffCollection(deps, id)
  for (const id of stuck.pendingStatus) await enqueueMergeStatusCheck(deps, id)
  const unrecorded = await findProjectsWithoutAccessFacts(deps.db, BATCH)
  // The projects client records the facts of every project it answers.
  if (unrecorded.length > 0) await deps.ports.projects.batchGetProjects({ ids: unrecorded })
  return {
    diffs: stuck.withoutDiff.length,
    statuses: stuck.pendingStatus.length,
    accessFacts: unrecorded.length,
  }
}
