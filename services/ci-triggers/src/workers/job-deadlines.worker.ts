import { UnrecoverableError, type Job, type Worker } from 'bullmq'
import { startQueueWorker, type WorkerContext } from '@suite/runtime'
import { failOverdueJob, type JobQueueDeps } from '../domain/job-queue.js'
import { decodeJobDeadline, JOB_DEADLINES_QUEUE } from './queues.js'

/**
 * Drains JOB_DEADLINES_QUEUE: a job still running at its deadline is failed
 * (job_execution_timeout) and its pipeline moves on; one that finished, or
 * whose deadline moved on, is left alone. A malformed payload fails for good.
 */
export function startJobDeadlinesWorker(context: WorkerContext, deps: JobQueueDeps): Worker {
  return startQueueWorker<unknown>(
    context,
    JOB_DEADLINES_QUEUE,
    async (job: Job<unknown>) => {
      const deadline = decodeJobDeadline(job.data)
      if (!deadline) throw new UnrecoverableError('not a job deadline')
      const outcome = await failOverdueJob(deps, deadline.jobId)
      // Delivered before the job's deadline (clocks differ): retried with backoff.
      if (outcome === 'not_due') throw new Error('job deadline not reached yet')
      if (outcome === 'failed') {
        context.logger.info({ ciJobId: deadline.jobId }, 'job failed at its deadline')
      }
      return outcome
    },
    2,
  )
}
