import { Worker, type Processor } from 'bullmq'
import type { Redis } from 'ioredis'
import { requestIdOf, requestScopedProcessor } from './job-request-id.js'
import type { Logger } from './logger.js'
import type { QueueMetrics } from './queue-metrics.js'
import { queuePrefix, WORKER_LOCK_OPTIONS } from './queues.js'

export interface WorkerContext {
  connection: Redis
  logger: Logger
  metrics: QueueMetrics
}

/**
 * A BullMQ worker on `queue` with the role's metrics and logs. A job whose
 * worker dies is taken back when its lock lapses (WORKER_LOCK_OPTIONS).
 */
export function startQueueWorker<Data>(
  context: WorkerContext,
  queue: string,
  processor: Processor<Data>,
  concurrency: number,
): Worker<Data> {
  const scoped = requestScopedProcessor(context.logger, queue, processor)
  const worker = new Worker<Data>(queue, scoped, {
    connection: context.connection,
    prefix: queuePrefix(),
    concurrency,
    ...WORKER_LOCK_OPTIONS,
  })
  context.metrics.observe(worker as Worker, queue)
  worker.on('error', (error) => context.logger.error({ err: error, queue }, 'worker error'))
  worker.on('failed', (job, error) =>
    context.logger.warn(
      {
        err: error,
        jobId: job?.id,
        queue,
        attempts: job?.attemptsMade,
        request_id: requestIdOf(job?.data),
      },
      'job failed',
    ),
  )
  return worker
}
