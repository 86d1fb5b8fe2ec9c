import type { Redis } from 'ioredis'
import { createDurableProducer, type OutboxCodec, type QueueProducer } from '@suite/runtime'
import type { JobDeadline } from '../domain/runner-ports.js'

/**
 * Running jobs' deadlines: a delayed BullMQ job per running job, due when
 * its timeout (and a grace) has passed, so that a job whose runner stopped
 * reporting is failed by whichever worker is alive then, not by a timer in
 * the process that handed the job out.
 */
export const JOB_DEADLINES_QUEUE = 'ci.job-deadlines'

/** One deadline per job: a retried job is a new job with its own. */
export function jobDeadlineId(deadline: JobDeadline): string {
  return `job_${deadline.jobId}`
}

/** A queue job's payload as a deadline, or undefined when it is not one. */
export function decodeJobDeadline(data: unknown): JobDeadline | undefined {
  if (typeof data !== 'object' || data === null) return undefined
  const { jobId, at } = data as Record<string, unknown>
  if (typeof jobId !== 'number' || !Number.isSafeInteger(jobId) || jobId <= 0) return undefined
  if (typeof at !== 'number' || !Number.isFinite(at)) return undefined
  return { jobId, at }
}

/** Deadlines written with the claim that starts a job, relayed to JOB_DEADLINES_QUEUE. */
export const JOB_DEADLINE_OUTBOX: OutboxCodec<JobDeadline> = {
  table: 'job_deadline_outbox',
  toJSON: (deadline) => deadline,
  // The worker checks each job with decodeJobDeadline; a bad row must not stop the relay.
  fromJSON: (payload) => payload as JobDeadline,
  keyOf: jobDeadlineId,
}

/** A producer of delayed deadline jobs, due at each deadline's `at`. */
export function createJobDeadlinePublisher(connection: Redis): QueueProducer<JobDeadline> {
  return createDurableProducer(connection, {
    queue: JOB_DEADLINES_QUEUE,
    jobName: 'job-deadline',
    toData: (deadline: JobDeadline) => deadline,
    jobId: jobDeadlineId,
    delay: (deadline) => deadline.at - Date.now(),
  })
}
