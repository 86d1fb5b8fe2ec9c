import type { Redis } from 'ioredis'
import { PipelineCreated, PipelineFinished } from '@suite/proto'
import { createDurableProducer } from './durable-producer.js'
import type { QueueProducer } from './outbox-relay.js'
import type { OutboxCodec } from './outbox-store.js'

export { PipelineCreated, PipelineFinished }

/**
 * The queue ci-triggers reports each new branch pipeline to; the
 * merge-requests worker drains it to make the pipeline the head pipeline of
 * the opened requests whose head it ran on (GitLab's
 * MergeRequests::UpdateHeadPipelineWorker).
 */
export const PIPELINE_CREATED_QUEUE = 'ci.pipeline-created'

/**
 * The queue ci-triggers reports each pipeline to when it reaches a completed
 * status; the merge-requests worker drains it to carry out or cancel the
 * auto-merge of the requests it is the head pipeline of (GitLab's
 * AutoMergeProcessWorker, queued on every transition to a completed status).
 */
export const PIPELINE_FINISHED_QUEUE = 'ci.pipeline-finished'

/** Ci::Pipeline.completed_statuses. */
export const PIPELINE_COMPLETED_STATUSES = ['success', 'failed', 'canceled', 'skipped'] as const
export type PipelineCompletedStatus = (typeof PIPELINE_COMPLETED_STATUSES)[number]

/** A producer of one kind of pipeline event; the same event queued twice is stored once. */
export type PipelineEventPublisher<T> = QueueProducer<T>
export type PipelineCreatedPublisher = PipelineEventPublisher<PipelineCreated>
export type PipelineFinishedPublisher = PipelineEventPublisher<PipelineFinished>

/**
 * One kind of event ci-triggers reports: the queue, the outbox table of the
 * ci_triggers schema it waits in (written in the pipeline's transaction),
 * the job id that keeps one job per event, and the check a worker makes of
 * a job's payload. The payload is a gitlab.ci.v1 message in its JSON form.
 */
export interface PipelineEventKind<T> {
  queue: string
  outbox: OutboxCodec<T>
  /** A job's payload as an event, or undefined when it is not a usable one. */
  decode: (data: unknown) => T | undefined
  jobId: (event: T) => string
  /** A producer for the queue; jobs are retried with backoff and kept until done. */
  createPublisher: (connection: Redis) => PipelineEventPublisher<T>
}

/** A generated message's JSON methods. */
interface MessageJson<T> {
  toJSON: (message: T) => unknown
  fromJSON: (object: unknown) => T
}

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null

/**
 * The message's JSON form, except that what is no object (a bad row) passes
 * as it is: the worker's `decode` refuses it, and it must not stop the relay.
 */
function jsonOf<T>(message: MessageJson<T>): MessageJson<T> {
  return {
    toJSON: (event) => (isObject(event) ? message.toJSON(event) : event),
    fromJSON: (payload) => (isObject(payload) ? message.fromJSON(payload) : (payload as T)),
  }
}

function pipelineEventKind<T>(spec: {
  queue: string
  table: string
  jobName: string
  message: MessageJson<T>
  decode: (data: unknown) => T | undefined
  jobId: (event: T) => string
}): PipelineEventKind<T> {
  const json = jsonOf(spec.message)
  return {
    queue: spec.queue,
    decode: spec.decode,
    jobId: spec.jobId,
    outbox: {
      table: spec.table,
      toJSON: json.toJSON,
      fromJSON: json.fromJSON,
      keyOf: spec.jobId,
    },
    createPublisher: (connection) =>
      createDurableProducer(connection, {
        queue: spec.queue,
        jobName: spec.jobName,
        toData: json.toJSON,
        jobId: spec.jobId,
      }),
  }
}

const positive = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value !== ''

/**
 * The fields a payload must carry with their JSON types, checked before the
 * message's fromJSON (which would turn a wrong type into a value, or into
 * the field's default).
 */
function carries(data: unknown): data is Record<string, unknown> {
  if (!isObject(data)) return false
  const { projectId, pipelineId, ref, sha } = data as Record<string, unknown>
  return positive(projectId) && positive(pipelineId) && nonEmpty(ref) && nonEmpty(sha)
}

/** A job's payload as a PipelineCreated, or undefined when it is not a usable one. */
export function decodePipelineCreated(data: unknown): PipelineCreated | undefined {
  return carries(data) ? PipelineCreated.fromJSON(data) : undefined
}

const isCompletedStatus = (value: unknown): value is PipelineCompletedStatus =>
  (PIPELINE_COMPLETED_STATUSES as readonly unknown[]).includes(value)

/** A job's payload as a PipelineFinished, or undefined when it is not a usable one. */
export function decodePipelineFinished(data: unknown): PipelineFinished | undefined {
  if (!carries(data)) return undefined
  const { status, branch, finishedAt } = data
  if (!isCompletedStatus(status) || typeof branch !== 'boolean' || !nonEmpty(finishedAt)) {
    return undefined
  }
  return PipelineFinished.fromJSON(data)
}

/** The job id of a created event: one job per pipeline. */
export function pipelineCreatedJobId(event: PipelineCreated): string {
  return `pipeline_${event.pipelineId}`
}

/**
 * The job id of a finished event: one job per completion, so a pipeline
 * retried and finished again is reported again (BullMQ keeps finished jobs,
 * and a kept id would swallow the new one). No ':' (BullMQ refuses it).
 */
export function pipelineFinishedJobId(event: PipelineFinished): string {
  const at = Date.parse(event.finishedAt)
  return `pipeline_${event.pipelineId}_${event.status}_${Number.isNaN(at) ? event.finishedAt : at}`
}

/** New branch pipelines: `pipeline_created_outbox` -> PIPELINE_CREATED_QUEUE. */
export const PIPELINE_CREATED_EVENTS = pipelineEventKind<PipelineCreated>({
  queue: PIPELINE_CREATED_QUEUE,
  table: 'pipeline_created_outbox',
  jobName: 'pipeline-created',
  message: PipelineCreated,
  decode: decodePipelineCreated,
  jobId: pipelineCreatedJobId,
})

/** Completed pipelines: `pipeline_finished_outbox` -> PIPELINE_FINISHED_QUEUE. */
export const PIPELINE_FINISHED_EVENTS = pipelineEventKind<PipelineFinished>({
  queue: PIPELINE_FINISHED_QUEUE,
  table: 'pipeline_finished_outbox',
  jobName: 'pipeline-finished',
  message: PipelineFinished,
  decode: decodePipelineFinished,
  jobId: pipelineFinishedJobId,
})

export const PIPELINE_CREATED_OUTBOX = PIPELINE_CREATED_EVENTS.outbox
export const PIPELINE_FINISHED_OUTBOX = PIPELINE_FINISHED_EVENTS.outbox

/** A producer for PIPELINE_CREATED_QUEUE. */
export function createPipelineCreatedPublisher(connection: Redis): PipelineCreatedPublisher {
  return PIPELINE_CREATED_EVENTS.createPublisher(connection)
}

/** A producer for PIPELINE_FINISHED_QUEUE. */
export function createPipelineFinishedPublisher(connection: Redis): PipelineFinishedPublisher {
  return PIPELINE_FINISHED_EVENTS.createPublisher(connection)
}
