import type { MergeRequestsDeps } from './deps.js'

/**
 * Queues work for a committed change. The change already stands, so a queue
 * that cannot be reached is logged rather than failing the call: the request
 * stays `unchecked` and the workers' sweep picks it up.
 */
export async function queueAfterCommit(
  deps: Pick<MergeRequestsDeps, 'ports' | 'logger'>,
  kind: 'diffs' | 'status',
  mergeRequestIds: readonly number[],
): Promise<void> {
  const queues = deps.ports.queues
  const enqueue = (id: number) =>
    kind === 'diffs' ? queues.enqueueDiffCollection(id) : queues.enqueueMergeStatusCheck(id)
  try {
    await Promise.all(mergeRequestIds.map(enqueue))
  } catch (err) {
    deps.logger.warn({ err, kind, mergeRequestIds }, 'merge request work not queued')
  }
}
