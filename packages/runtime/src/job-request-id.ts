import type { Job, Processor } from 'bullmq'
import type { Logger } from './logger.js'
import { currentRequestId, runWithRequestId } from './request-context.js'
import {
  contextFrom,
  currentTraceCarrier,
  inSpan,
  SpanKind,
  withContext,
  type TraceCarrier,
} from './tracing.js'

/**
 * The request that caused a job, in its data as `meta.requestId` (the place
 * GitLab's Sidekiq jobs keep their correlation_id is the job hash; BullMQ has
 * only the data). An outbox row keeps it the same way in its payload, so a
 * relay running outside any request still knows whose work it queues. No
 * message queued here has a `meta` field of its own.
 */
export interface RequestMeta {
  meta?: { requestId?: string; trace?: TraceCarrier }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * `data` with the current request's id added, when there is one and data is
 * an object, and with tracing on the active trace context (`meta.trace`).
 */
export function withRequestMeta<D>(data: D, requestId = currentRequestId()): D {
  if (!requestId || !isRecord(data)) return data
  const trace = currentTraceCarrier()
  return { ...data, meta: trace ? { requestId, trace } : { requestId } }
}

/** The trace context a job's data (or an outbox payload) carries, if any. */
export function traceOf(data: unknown): TraceCarrier | undefined {
  if (!isRecord(data) || !isRecord(data['meta']) || !isRecord(data['meta']['trace'])) {
    return undefined
  }
  const entries = Object.entries(data['meta']['trace']).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  )
  return entries.length > 0 ? Object.fromEntries(entries) : undefined
}

/** The request id a job's data (or an outbox payload) carries, if any. */
export function requestIdOf(data: unknown): string | undefined {
  if (!isRecord(data) || !isRecord(data['meta'])) return undefined
  const id = data['meta']['requestId']
  return typeof id === 'string' && id !== '' ? id : undefined
}

/** An outbox payload split into the message's own JSON and the request id (and trace) kept beside it. */
export function splitRequestMeta(payload: unknown): {
  payload: unknown
  requestId?: string
  trace?: TraceCarrier
} {
  const requestId = requestIdOf(payload)
  if (!requestId || !isRecord(payload)) return { payload }
  const trace = traceOf(payload)
  const { meta: _meta, ...rest } = payload
  return trace ? { payload: rest, requestId, trace } : { payload: rest, requestId }
}

/** Runs `fn` inside the request `requestId` names (and its trace), or as it is without one. */
export function inRequest<T>(requestId: string | undefined, fn: () => T, trace?: TraceCarrier): T {
  const traced = () => withContext(trace ? contextFrom(trace) : undefined, fn)
  return requestId ? runWithRequestId(requestId, traced) : traced()
}

/**
 * A processor that runs each job inside the request that queued it (a new
 * id when it names none), so the job's log lines carry `request_id` and its
 * gRPC calls, outbox rows and jobs pass the id on; a finished job is logged
 * once, as GitLab's sidekiq.log does (job_status, duration_s, correlation_id).
 */
export function requestScopedProcessor<Data, Result = unknown>(
  logger: Logger,
  queue: string,
  processor: Processor<Data, Result>,
): Processor<Data, Result> {
  return (job: Job<Data, Result>, token?: string, signal?: AbortSignal) =>
    runWithRequestId(requestIdOf(job.data), async () => {
      const started = process.hrtime.bigint()
      const result = await inSpan(
        `${queue} process`,
        {
          kind: SpanKind.CONSUMER,
          parent: traceOf(job.data),
          attributes: { 'messaging.system': 'bullmq', 'messaging.destination.name': queue },
        },
        () => processor(job, token, signal),
      )
      logger.info(
        {
          queue,
          job_id: job.id,
          job_name: job.name,
          job_status: 'done',
          duration_s: Number(process.hrtime.bigint() - started) / 1e9,
          correlation_id: currentRequestId(),
        },
        'job done',
      )
      return result
    })
}
