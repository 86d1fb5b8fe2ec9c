import { UnrecoverableError, type Job, type Worker } from 'bullmq'
import { PIPELINE_FINISHED_EVENTS } from '@suite/runtime'
import { processFinishedPipeline, type AutoMergeResult } from '../domain/auto-merge.js'
import type { MergeRequestsDeps } from '../domain/ports.js'
import { startQueueWorker, type WorkerContext } from './start-worker.js'

/**
 * Processes one PIPELINE_FINISHED_QUEUE job: the auto-merge of the requests
 * the pipeline heads is carried out or cancelled. A malformed event fails for
 * good; any other failure is thrown for BullMQ's retries with backoff (the
 * producer's attempts), the work being idempotent.
 */
export async function applyPipelineFinishedJob(
  deps: MergeRequestsDeps,
  data: unknown,
): Promise<AutoMergeResult[]> {
  const event = PIPELINE_FINISHED_EVENTS.decode(data)
  if (!event) throw new UnrecoverableError('not a pipeline-finished event')
  return processFinishedPipeline(deps, event)
}

/** Drains ci-triggers' PIPELINE_FINISHED_QUEUE into auto-merge (GitLab's AutoMergeProcessWorker). */
export function startAutoMergeWorker(context: WorkerContext, deps: MergeRequestsDeps): Worker {
  return startQueueWorker<unknown>(
    context,
    PIPELINE_FINISHED_EVENTS.queue,
    async (job: Job<unknown>) => {
      const results = await applyPipelineFinishedJob(deps, job.data)
      if (results.length > 0)
        context.logger.info({ jobId: job.id, results }, 'auto-merge processed')
      return results
    },
    2,
  )
}
