import type { Job, Worker } from 'bullmq'
import { collectDiffVersion } from '../domain/diff-collection.js'
import type { MergeRequestsDeps } from '../domain/ports.js'
import { DIFF_COLLECTION_QUEUE, type MergeRequestJobData } from './queues.js'
import { startQueueWorker, type WorkerContext } from './start-worker.js'

/**
 * Drains DIFF_COLLECTION_QUEUE: records the request's current diff version
 * (nothing new when the heads did not move), then queues its merge status
 * check, or another collection when a branch moved meanwhile. A failure of the repository role fails the attempt; BullMQ retries.
 */
export function startDiffCollectionWorker(
  context: WorkerContext,
  deps: MergeRequestsDeps,
): Worker<MergeRequestJobData> {
  const queues = deps.ports.queues
  return startQueueWorker<MergeRequestJobData>(
    context,
    DIFF_COLLECTION_QUEUE,
    async (job: Job<MergeRequestJobData>) => {
      const { mergeRequestId } = job.data
      const outcome = await collectDiffVersion(deps, mergeRequestId)
      context.logger.debug({ jobId: job.id, mergeRequestId, outcome }, 'diff collection')
      if (outcome === 'moved') await queues.enqueueDiffCollection(mergeRequestId)
      else if (outcome !== 'skipped') await queues.enqueueMergeStatusCheck(mergeRequestId)
      return outcome
    },
    4,
  )
}
