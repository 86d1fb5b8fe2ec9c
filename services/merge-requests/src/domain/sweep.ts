/**
 * Recovery of work lost between a commit and its enqueue (a crash there):
 * opened requests without a diff version, or waiting for a merge status
 * check, for over a minute are queued again. The jobs are idempotent, so a
 * request that was only slow costs a repeated check.
 */
import type { MergeRequestsDeps } from './deps.js'
import { findStuckMergeRequests } from '../store/merge-status.store.js'
import { enqueueDiffCollection, enqueueMergeStatusCheck } from '../workers/queues.js'

/** How long work may wait before the sweeper queues it again. */
export const STUCK_AFTER_MS = 60_000
const BATCH = 500

/** Queues the stuck requests again; answers how many of each kind. */
export async function sweepStuckMergeRequests(
  deps: MergeRequestsDeps,
  now = new Date(),
): Promise<{ diffs: number; statuses: number }> {
  const before = new Date(now.getTime() - STUCK_AFTER_MS)
  const stuck = await findStuckMergeRequests(deps.db, before, BATCH)
  for (const id of stuck.withoutDiff) await enqueueDiffCollection(deps, id)
  for (const id of stuck.pendingStatus) await enqueueMergeStatusCheck(deps, id)
  return { diffs: stuck.withoutDiff.length, statuses: stuck.pendingStatus.length }
}
