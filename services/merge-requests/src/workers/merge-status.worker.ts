import type { Job, Worker } from 'bullmq'
import { checkMergeStatus } from '../domain/merge-status.js'
import type { MergeRequestsDeps } from '../domain/ports.js'
import { MERGE_STATUS_QUEUE, type MergeRequestJobData } from './queues.js'
import { startQueueWorker, type WorkerContext } from './start-worker.js'

/** Drains MERGE_STATUS_QUEUE: checks whether each request can be merged, skipping settled ones. */
export function startMergeStatusWorker(
  context: WorkerContext,
  deps: MergeRequestsDeps,
): Worker<MergeRequestJobData> {
  return startQueueWorker<MergeRequestJobData>(
    context,
    MERGE_STATUS_QUEUE,
    async (job: Job<MergeRequestJobData>) => {
      const { mergeRequestId } = job.data
      const outcome = await checkMergeStatus(deps, mergeRequestId)
      context.logger.debug({ jobId: job.id, mergeRequestId, outcome }, 'merge status check')
      return outcome
    },
    4,
  )
}
