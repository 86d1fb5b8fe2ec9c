import { Queue } from 'bullmq'
import type { Redis } from 'ioredis'
import { EventRecord } from '@suite/proto'
import { withRequestMeta } from './job-request-id.js'
import { queuePrefix } from './queues.js'

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
  const queue = new Queue(ACTIVITY_EVENTS_QUEUE, { connection, prefix: queuePrefix() })
  return {
    publish: async (event) => {
      await queue.add('record', withRequestMeta(EventRecord.toJSON(event)), {
        jobId: event.idempotencyKey.replace(/:/g, '_'),
        attempts: 10,
        backoff: { type: 'exponential', delay: 1_000 },
        removeOnComplete: 1_000,
        removeOnFail: false,
      })
    },
    close: () => queue.close(),
  }
}
