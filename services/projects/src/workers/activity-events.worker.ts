import { UnrecoverableError, Worker, type Job } from 'bullmq'
import type { Redis } from 'ioredis'
import { EventRecord } from '@suite/proto'
import {
  Counter,
  queuePrefix,
  requestScopedProcessor,
  WORKER_LOCK_OPTIONS,
  type Logger,
  type Registry,
} from '@suite/runtime'
import type { Kysely } from 'kysely'
import { EVENT_ACTIONS } from '../domain/event-filters.js'
import { recordEvent } from '../store/events.store.js'
import type { Database } from '../store/schema.js'
import { EVENTS_QUEUE } from './queues.js'

/** Why a reported event can never be stored (retrying would not help). */
export function invalidEventReason(record: EventRecord): string | undefined {
  if (!record.idempotencyKey) return 'idempotency_key is missing'
  if (!(EVENT_ACTIONS as readonly string[]).includes(record.action)) {
    return `unknown action ${JSON.stringify(record.action)}`
  }
  if (record.projectId <= 0) return 'project_id is missing'
  if (record.authorId <= 0) return 'author_id is missing'
  const push = record.pushData
  if (push && !['created', 'removed', 'pushed'].includes(push.action)) return 'bad push action'
  if (push && !['branch', 'tag'].includes(push.refType)) return 'bad ref_type'
  return undefined
}

/**
 * `activity_events_total{target_type, action}`: the suite's business events
 * (merge requests created and merged, pushes, ...), counted when stored, so
 * each once whatever path caused it (an API call, auto-merge, a push) and
 * never for a change whose transaction rolled back.
 */
function activityEventCounter(registry: Registry): (record: EventRecord) => void {
  const counter = new Counter({
    name: 'activity_events_total',
    help: 'Activity events stored, by target type (MergeRequest, Project, ...; none for pushes) and action',
    labelNames: ['target_type', 'action'],
    registers: [registry],
  })
  for (const action of ['created', 'merged'] as const) {
    counter.inc({ target_type: 'MergeRequest', action }, 0)
  }
  counter.inc({ target_type: '', action: 'pushed' }, 0)
  return (record) => counter.inc({ target_type: record.targetType ?? '', action: record.action })
}

/**
 * Drains `projects.events`: each job is one EventRecord (ts-proto JSON),
 * stored once by its idempotency key. A database error fails the attempt and
 * BullMQ retries it with the producer's backoff; a malformed record fails for good.
 */
export function startActivityEventsWorker(
  db: Kysely<Database>,
  connection: Redis,
  logger: Logger,
  registry: Registry,
): Worker {
  const counted = activityEventCounter(registry)
  return new Worker(
    EVENTS_QUEUE,
    requestScopedProcessor(logger, EVENTS_QUEUE, async (job: Job<unknown>) => {
      const record = EventRecord.fromJSON(job.data)
      const reason = invalidEventReason(record)
      if (reason) throw new UnrecoverableError(reason)
      const id = await recordEvent(db, record)
      if (id !== undefined) counted(record)
      logger.debug({ jobId: job.id, eventId: id, duplicate: id === undefined }, 'event stored')
    }),
    { connection, prefix: queuePrefix(), concurrency: 8, ...WORKER_LOCK_OPTIONS },
  )
}
