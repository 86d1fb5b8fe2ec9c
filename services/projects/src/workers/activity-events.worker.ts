import { UnrecoverableError, Worker, type Job } from 'bullmq'
import type { Redis } from 'ioredis'
import { EventRecord } from '@suite/proto'
import {
  queuePrefix,
  requestScopedProcessor,
  WORKER_LOCK_OPTIONS,
  type Logger,
  type Registry,
} from '@suite/runtime'
import type { Kysely } from 'kysely'
import { invalidEventReason, reportedEvents } from '../store/reported-events.js'
import type { Database } from '../store/schema.js'
import { EVENTS_QUEUE } from './queues.js'

/**
 * Drains `projects.events`: each job is one EventRecord (ts-proto JSON),
 * stored once by its idempotency key (the producer may have stored it already
 * through EventService.RecordEvents). A database error fails the attempt and
 * BullMQ retries it with the producer's backoff; a malformed record fails for good.
 */
export function startActivityEventsWorker(
  db: Kysely<Database>,
  connection: Redis,
  logger: Logger,
  registry: Registry,
): Worker {
  const store = reportedEvents(db, registry)
  return new Worker(
    EVENTS_QUEUE,
    requestScopedProcessor(logger, EVENTS_QUEUE, async (job: Job<unknown>) => {
      const record = EventRecord.fromJSON(job.data)
      const reason = invalidEventReason(record)
      if (reason) throw new UnrecoverableError(reason)
      const id = await store(record)
      logger.debug({ jobId: job.id, eventId: id, duplicate: id === undefined }, 'event stored')
    }),
    { connection, prefix: queuePrefix(), concurrency: 8, ...WORKER_LOCK_OPTIONS },
  )
}
