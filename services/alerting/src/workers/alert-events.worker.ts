import { UnrecoverableError, Worker, type Job } from 'bullmq'
import type { Redis } from 'ioredis'
import {
  queuePrefix,
  requestScopedProcessor,
  WORKER_LOCK_OPTIONS,
  type Logger,
  type QueueMetrics,
} from '@suite/runtime'
import type { AlertEventsStore } from '../store/alert-events.store.js'
import { ALERT_EVENTS_QUEUE, type AlertEventJobData } from './queues.js'

export interface AlertEventsWorkerDeps {
  connection: Redis
  logger: Logger
  metrics: QueueMetrics
  events: AlertEventsStore
  processed: (kind: string, integrationType: string, storedAt: Date) => void
}

/**
 * Processes each occurrence once after the answer: the history row is marked
 * processed and counted; a job run again (a retry after a crash) finds it
 * processed and does nothing.
 */
export function startAlertEventsWorker(deps: AlertEventsWorkerDeps): Worker<AlertEventJobData> {
  const worker = new Worker<AlertEventJobData>(
    ALERT_EVENTS_QUEUE,
    requestScopedProcessor(deps.logger, ALERT_EVENTS_QUEUE, async (job: Job<AlertEventJobData>) => {
      const eventId = Number(job.data.eventId)
      if (!Number.isSafeInteger(eventId)) throw new UnrecoverableError('not an alert event')
      const event = await deps.events.markProcessed(eventId)
      if (!event) return 'already processed'
      deps.processed(event.kind, event.integrationType, event.createdAt)
      return event.kind
    }),
    {
      connection: deps.connection,
      prefix: queuePrefix(),
      concurrency: 8,
      ...WORKER_LOCK_OPTIONS,
    },
  )
  deps.metrics.observe(worker as Worker, ALERT_EVENTS_QUEUE)
  worker.on('error', (err) => deps.logger.error({ err, queue: ALERT_EVENTS_QUEUE }, 'worker error'))
  worker.on('failed', (job, err) =>
    deps.logger.warn(
      { err, jobId: job?.id, attempts: job?.attemptsMade },
      'alert event job failed',
    ),
  )
  return worker
}
