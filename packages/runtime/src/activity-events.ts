import type { Redis } from 'ioredis'
import { EventRecord } from '@suite/proto'
import { createDurableProducer } from './durable-producer.js'

/** The queue every service reports activity events to; the projects event worker drains it. */
export const ACTIVITY_EVENTS_QUEUE = 'projects.events'

export interface EventPublisher {
  /** Queues one event; the same idempotency key queued twice is stored once. */
  publish: (event: EventRecord) => Promise<void>
  close: () => Promise<void>
}

/**
 * A producer for `projects.events`. Jobs are retried with backoff by the
 * worker and kept in Redis until stored, so an event that reached the queue
 * is not lost when a worker dies.
 */
export function createEventPublisher(connection: Redis): EventPublisher {
  return createDurableProducer(connection, {
    queue: ACTIVITY_EVENTS_QUEUE,
    jobName: 'record',
    toData: (event: EventRecord) => EventRecord.toJSON(event),
    jobId: (event) => event.idempotencyKey.replace(/:/g, '_'),
  })
}
