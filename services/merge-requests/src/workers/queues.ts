/**
 * The merge-requests BullMQ queues and how other parts ask for work.
 *
 * OWNER: the workers work (workers/*). Others import the enqueue functions
 * and must not change their signatures.
 */
import type { MergeRequestsDeps } from '../rpc/deps.js'

export const DIFF_COLLECTION_QUEUE = 'merge-requests.diffs'
export const MERGE_STATUS_QUEUE = 'merge-requests.merge-status'

/**
 * Asks for a new diff version of a merge request (after create, a push, or a
 * target-branch change); the job is idempotent and queued at most once per
 * merge request at a time. A merge status check follows it.
 */
export async function enqueueDiffCollection(
  deps: MergeRequestsDeps,
  mergeRequestId: number,
): Promise<void> {
  void deps
  void mergeRequestId
  await Promise.resolve()
}

/** Asks for a merge status recheck (with_merge_status_recheck, after a push). */
export async function enqueueMergeStatusCheck(
  deps: MergeRequestsDeps,
  mergeRequestId: number,
): Promise<void> {
  void deps
  void mergeRequestId
  await Promise.resolve()
}
