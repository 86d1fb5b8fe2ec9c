import type { MergeRequestsDeps } from './deps.js'
import { enqueueDiffCollection, enqueueMergeStatusCheck } from '../workers/queues.js'

/**
 * Queues work for a committed change. The change already stands, so a queue
 * that cannot be reached is logged rather than failing the call: the request
 * stays `unchecked` and the workers' sweep picks it up.
 */
export async function queueAfterCommit(
  deps: MergeRequestsDeps,
  kind: 'diffs' | 'status',
  mergeRequestIds: readonly number[],
): Promise<void> {
  const enqueue = kind === 'diffs' ? enqueueDiffCollection : enqueueMergeStatusCheck
  try {
    await Promise.all(mergeRequestIds.map((id) => enqueue(deps, id)))
  } catch (err) {
    deps.logger.warn({ err, kind, mergeRequestIds }, 'merge request work not queued')
  }
}
