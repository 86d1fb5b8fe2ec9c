import type { Job, Worker } from 'bullmq'
import type { MergeRequestsDeps, RebaseJob } from '../domain/ports.js'
import { runRebase } from '../domain/rebase.js'
import { REBASE_QUEUE } from './queues.js'
import { startQueueWorker, type WorkerContext } from './start-worker.js'

/** Drains REBASE_QUEUE: each request's rebase, as the user who asked for it. */
export function startRebaseWorker(
  context: WorkerContext,
  deps: MergeRequestsDeps,
): Worker<RebaseJob> {
  return startQueueWorker<RebaseJob>(
    context,
    REBASE_QUEUE,
    async (job: Job<RebaseJob>) => {
      const outcome = await runRebase(deps, job.data)
      context.logger.info(
        { jobId: job.id, mergeRequestId: job.data.mergeRequestId, outcome },
        'merge request rebase',
      )
      return outcome
    },
    2,
  )
}
