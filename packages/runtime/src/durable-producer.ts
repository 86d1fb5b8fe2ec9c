import { Queue } from 'bullmq'
import type { Redis } from 'ioredis'
import { withRequestMeta } from './job-request-id.js'
import type { QueueProducer } from './outbox-relay.js'
import { queuePrefix } from './queues.js'

/** How one kind of message becomes a job. */
export interface DurableJobSpec<T> {
  queue: string
  jobName: string
  /** The job's data (the request that caused it is added as `meta`). */
  toData: (message: T) => unknown
  /** One job per id: a message queued twice is stored once. */
  jobId: (message: T) => string
  /** Milliseconds before the job may run (a deadline); none: at once. */
  delay?: (message: T) => number
}

/**
 * A producer of jobs that must not be lost: keyed by the message, retried
 * ten times with exponential backoff from 1 s, kept in Redis until done
 * (the last thousand completed, every failed one), carrying the request that
 * queued them.
 */
export function createDurableProducer<T>(
  connection: Redis,
  spec: DurableJobSpec<T>,
): QueueProducer<T> {
  const queue = new Queue(spec.queue, { connection, prefix: queuePrefix() })
  return {
    publish: async (message) => {
      await queue.add(spec.jobName, withRequestMeta(spec.toData(message)), {
        jobId: spec.jobId(message),
        ...(spec.delay ? { delay: Math.max(0, spec.delay(message)) } : {}),
        attempts: 10,
        backoff: { type: 'exponential', delay: 1_000 },
        removeOnComplete: 1_000,
        removeOnFail: false,
      })
    },
    close: () => queue.close(),
  }
}

/**
 * One producer over several: a message is published to every one of them,
 * and succeeds only when all took it (the outbox row stays until then).
 */
export function publishToAll<T>(producers: readonly QueueProducer<T>[]): QueueProducer<T> {
  return {
    publish: async (message) => {
      await Promise.all(producers.map((producer) => producer.publish(message)))
    },
    close: async () => {
      await Promise.all(producers.map((producer) => producer.close()))
    },
  }
}
