import { UnrecoverableError, Worker, type Processor } from 'bullmq'
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

/** One kind of queued message and what a worker does with it. */
export interface MessageWorkerSpec<M> {
  /** The kind named in the error of a job that is not one (`not a <kind> message`). */
  kind: string
  decode: (data: unknown) => M | undefined
  /** The service's batched, idempotent work for one message; answers the rows it changed. */
  run: (message: M) => Promise<number>
  /** The log line after a run: its fields and its text. */
  logged: (message: M, count: number) => [Record<string, unknown>, string]
}

/**
 * A worker on `queue` that runs one message at a time through `spec`: a
 * malformed message fails for good, and a job whose worker dies is taken
 * back when its lock lapses and runs again, finishing what is left.
 */
export function startMessageWorker<M>(
  context: WorkerContext,
  queue: string,
  spec: MessageWorkerSpec<M>,
): Worker {
  return startQueueWorker<unknown>(
    context,
    queue,
    async (job) => {
      const message = spec.decode(job.data)
      if (!message) throw new UnrecoverableError(`not a ${spec.kind} message`)
      const count = await spec.run(message)
      const [fields, text] = spec.logged(message, count)
      context.logger.info({ ...fields, queue }, text)
      return count
    },
    1,
  )
}
