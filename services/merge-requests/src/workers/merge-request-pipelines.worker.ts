import { UnrecoverableError, type Job, type Worker } from 'bullmq'
import { carryOutPipelineAsk, decodePipelineAsk } from '../domain/automatic-pipelines.js'
import type { MergeRequestsDeps } from '../domain/ports.js'
import { MERGE_REQUEST_PIPELINES_QUEUE } from './queues.js'
import { startQueueWorker, type WorkerContext } from './start-worker.js'

/**
 * Drains MERGE_REQUEST_PIPELINES_QUEUE (GitLab's MergeRequests::
 * CreatePipelineWorker): the merge request pipeline an open or a push asked
 * for. A failure of another service fails the attempt (BullMQ retries; the
 * pipeline's idempotency key keeps it one); a malformed ask fails for good.
 */
export function startMergeRequestPipelinesWorker(
  context: WorkerContext,
  deps: MergeRequestsDeps,
): Worker {
  return startQueueWorker<unknown>(
    context,
    MERGE_REQUEST_PIPELINES_QUEUE,
    async (job: Job<unknown>) => {
      const ask = decodePipelineAsk(job.data)
      if (!ask) throw new UnrecoverableError('not a merge request pipeline ask')
      const outcome = await carryOutPipelineAsk(deps, ask)
      context.logger.debug({ jobId: job.id, ...ask, outcome }, 'merge request pipeline ask')
      return outcome
    },
    2,
  )
}
