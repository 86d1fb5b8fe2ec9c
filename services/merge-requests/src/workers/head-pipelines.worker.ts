import { UnrecoverableError, type Job, type Worker } from 'bullmq'
import { PIPELINE_CREATED_QUEUE, decodePipelineCreated } from '@suite/runtime'
import type { MergeRequestsDeps } from '../domain/ports.js'
import { startQueueWorker, type WorkerContext } from './start-worker.js'

/**
 * Drains ci-triggers' PIPELINE_CREATED_QUEUE: a new branch pipeline becomes
 * the head pipeline of the opened requests whose head commit it ran on. A
 * malformed event fails for good.
 */
export function startHeadPipelinesWorker(context: WorkerContext, deps: MergeRequestsDeps): Worker {
  return startQueueWorker<unknown>(
    context,
    PIPELINE_CREATED_QUEUE,
    async (job: Job<unknown>) => {
      const event = decodePipelineCreated(job.data)
      if (!event) throw new UnrecoverableError('not a pipeline-created event')
      const updated = await deps.stores.mergeRequests.setBranchHeadPipeline(event)
      context.logger.debug({ jobId: job.id, updated }, 'head pipeline applied')
      return updated.length
    },
    2,
  )
}
