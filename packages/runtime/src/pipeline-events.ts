import { Queue } from 'bullmq'
import type { Redis } from 'ioredis'
import type { OutboxCodec } from './outbox-store.js'
import { queuePrefix } from './queues.js'

/**
 * The queue ci-triggers reports each new branch pipeline to; the
 * merge-requests worker drains it to make the pipeline the head pipeline of
 * the opened requests whose head it ran on (GitLab's
 * MergeRequests::UpdateHeadPipelineWorker).
 */
export const PIPELINE_CREATED_QUEUE = 'ci.pipeline-created'

/** A new pipeline of a branch. */
export interface PipelineCreated {
  projectId: number
  pipelineId: number
  ref: string
  sha: string
}

export interface PipelineCreatedPublisher {
  /** Queues one event; the same pipeline queued twice is stored once. */
  publish: (event: PipelineCreated) => Promise<void>
  close: () => Promise<void>
}

const positive = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0

/** A job's payload as a PipelineCreated, or undefined when it is not a usable one. */
export function decodePipelineCreated(data: unknown): PipelineCreated | undefined {
  if (typeof data !== 'object' || data === null) return undefined
  const { projectId, pipelineId, ref, sha } = data as Record<string, unknown>
  if (!positive(projectId) || !positive(pipelineId)) return undefined
  if (typeof ref !== 'string' || ref === '' || typeof sha !== 'string' || sha === '') {
    return undefined
  }
  return { projectId, pipelineId, ref, sha }
}

/** The job id of an event: one job per pipeline. */
export function pipelineCreatedJobId(event: PipelineCreated): string {
  return `pipeline_${event.pipelineId}`
}

/** A producer for PIPELINE_CREATED_QUEUE; jobs are retried with backoff and kept until done. */
export function createPipelineCreatedPublisher(connection: Redis): PipelineCreatedPublisher {
  const queue = new Queue(PIPELINE_CREATED_QUEUE, { connection, prefix: queuePrefix() })
  return {
    publish: async (event) => {
      await queue.add('pipeline-created', event, {
        jobId: pipelineCreatedJobId(event),
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
 * Events in the ci_triggers schema's `pipeline_created_outbox`, written in the
 * pipeline's transaction and relayed to PIPELINE_CREATED_QUEUE.
 */
export const PIPELINE_CREATED_OUTBOX: OutboxCodec<PipelineCreated> = {
  table: 'pipeline_created_outbox',
  toJSON: (event) => event,
  // The worker checks each job with decodePipelineCreated; a bad row must not stop the relay.
  fromJSON: (payload) => payload as PipelineCreated,
  keyOf: pipelineCreatedJobId,
}
