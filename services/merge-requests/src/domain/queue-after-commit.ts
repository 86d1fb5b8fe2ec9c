import { withTimeout } from '@suite/runtime'
import type { MergeRequestsDeps } from './ports.js'

/** How long a call waits for the queue before answering without it. */
const QUEUE_WAIT_MS = 2_000

/**
 * Queues work for a committed change. The change already stands, so a queue
 * that cannot be reached is logged rather than failing the call: the request
 * stays `unchecked` and the workers' sweep picks it up. A queue that does not
 * answer (Redis frozen) is not waited for long: the client holds the
 * connection's commands and sends them when Redis answers again.
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
    await withTimeout(
      Promise.all(mergeRequestIds.map(enqueue)).then(() => undefined),
      QUEUE_WAIT_MS,
    )
  } catch (err) {
    deps.logger.warn({ err, kind, mergeRequestIds }, 'merge request work not queued')
  }
}
