import { Queue, type JobsOptions } from 'bullmq'
import type { Redis } from 'ioredis'
import { queuePrefix } from '@suite/runtime'

/** Occurrences (created, grouped, resolved) to process after the answer. */
export const ALERT_EVENTS_QUEUE = 'alerting.alert-events'

/** The payload of an alert event job: the history row's id. */
export interface AlertEventJobData {
  eventId: number
}

/** Retried with backoff; a worker that dies leaves the job to be taken back when its lock expires. */
export const JOB_OPTIONS: JobsOptions = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 1_000 },
  removeOnComplete: 1_000,
  removeOnFail: 5_000,
}

/** One job per history row: relaying a row twice queues it once (BullMQ ids may not contain ':'). */
export function alertEventJobId(eventId: number): string {
  return `alert-event-${eventId}`
}

export function alertEventsQueue(connection: Redis): Queue<AlertEventJobData> {
  return new Queue<AlertEventJobData>(ALERT_EVENTS_QUEUE, { connection, prefix: queuePrefix() })
}
