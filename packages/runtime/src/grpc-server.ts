import {
  Server,
  ServerCredentials,
  status,
  type handleUnaryCall,
  type ServerUnaryCall,
  type ServiceDefinition,
  type UntypedServiceImplementation,
} from '@grpc/grpc-js'
import { HealthImplementation, service as healthService } from 'grpc-health-check'
import type { Logger } from './logger.js'
import { Counter, grpcHistogram, type Registry } from './metrics.js'
import {
  REQUEST_ID_METADATA_KEY,
  retireRequestSignal,
  runWithRequestId,
} from './request-context.js'
import { inSpan, SpanKind, tracingEnabled, type TraceCarrier } from './tracing.js'
import { toGrpcFailure } from './grpc-status.js'
import { isCancelledStatement, isTransientDatabaseError } from './database-faults.js'
import { internalAuthInterceptor } from './internal-credential.js'
import {
  ANSWERED_METADATA_KEY,
  metadataEntries,
  OUTCOME_UNKNOWN,
  outcomeMetadata,
  WRITE_KEY_METADATA_KEY,
  type WriteReceipts,
} from './write-receipts.js'

export interface UnaryContext {
  call: ServerUnaryCall<unknown, unknown>
}

type AsyncUnary<Req, Res> = (request: Req, context: UnaryContext) => Promise<Res>

export interface GrpcServerOptions {
  service: string
  logger: Logger
  registry: Registry
  /** INTERNAL_API_SECRET: every call but health checks must carry it. */
  internalSecret: string
  /**
   * Where a write call's outcome is kept under its key, so that an attempt sent again after a
   * broken connection gets the first one's answer instead of running twice (write-receipts.ts).
   * Without it, keys are ignored.
   */
  receipts?: WriteReceipts
}

/** An earlier attempt's error, answered again as it was. */
class ReplayedFailure extends Error {
  constructor(readonly failure: ReturnType<typeof toGrpcFailure>) {
    super(failure.details)
  }
}

/**
 * A grpc-js server whose unary handlers are async functions. Each call runs
 * with the caller's request id and a signal that aborts when the caller
 * cancels or the deadline passes (what the call started in SQL and gRPC
 * stops with it), is timed, and turns a thrown DomainError (or a
 * failed call to another service, passed through) into
 * a status with an ErrorDetail trailer. Unexpected errors are logged once and
 * answered INTERNAL without their text. A call without the deployment's
 * internal credential is answered UNAUTHENTICATED before any handler runs.
 */
export class GrpcServer {
  readonly server: Server
  readonly health = new HealthImplementation({ '': 'NOT_SERVING' })
  private readonly serviceNames: string[] = []
  private readonly histogram
  private readonly receiptsCounter

  constructor(private readonly options: GrpcServerOptions) {
    const refused = new Counter({
      name: 'grpc_server_unauthenticated_total',
      help: 'gRPC calls refused for a missing or wrong internal credential.',
      labelNames: ['reason'],
      registers: [options.registry],
    })
    this.server = new Server({
      'grpc.max_receive_message_length': 64 * 1024 * 1024,
      // Channels reconnect every few minutes (calls in flight, such as a clone's pack stream,
      // may finish within the hour), so
      // replicas added by an autoscaler get a share of the traffic of existing clients.
      'grpc.max_connection_age_ms': 5 * 60 * 1000,
      'grpc.max_connection_age_grace_ms': 60 * 60 * 1000,
      interceptors: [
        internalAuthInterceptor(options.internalSecret, (method, reason) => {
          refused.inc({ reason })
          options.logger.warn({ method, reason }, 'internal credential refused')
        }),
      ],
    })
    this.histogram = grpcHistogram(options.registry, 'server')
    this.receiptsCounter = new Counter({
      name: 'grpc_server_write_receipts_total',
      help: 'Keyed write calls by what their receipt said: claimed (ran), answered (an earlier attempt had), unknown (its process died mid-call), unguarded (no receipt could be kept).',
      labelNames: ['outcome'],
      registers: [options.registry],
    })
    this.health.addToServer(this.server)
  }

  /** Registers a service; `name` is its fully qualified proto name for health checks. */
  add<Impl extends UntypedServiceImplementation>(
    definition: ServiceDefinition<Impl>,
    implementation: Impl,
    name: string,
  ): void {
    this.server.addService(definition, implementation)
    this.serviceNames.push(name)
    this.health.setStatus(name, 'NOT_SERVING')
  }

  /** Wraps an async function as a grpc-js unary handler. */
  unary<Req, Res>(method: string, fn: AsyncUnary<Req, Res>): handleUnaryCall<Req, Res> {
    const { logger } = this.options
    return (call, callback) => {
      const requestId = call.metadata.get(REQUEST_ID_METADATA_KEY)[0]
      const stop = this.histogram.startTimer({ method })
      const parent = tracingEnabled() ? traceCarrierOf(call.metadata.getMap()) : undefined
      const ending = callEnding(call)
      runWithRequestId(
        typeof requestId === 'string' ? requestId : undefined,
        () => {
          const run = () => fn(call.request, { call })
          // Without tracing the handler runs as it is: no span, no extra promise on every call.
          const traced = () =>
            tracingEnabled()
              ? inSpan(
                  `${this.options.service}/${method}`,
                  {
                    kind: SpanKind.SERVER,
                    parent,
                    attributes: { 'rpc.system': 'grpc', 'rpc.method': method },
                  },
                  run,
                )
              : run()
          const writeKey = call.metadata.get(WRITE_KEY_METADATA_KEY)[0]
          const answer =
            this.options.receipts && typeof writeKey === 'string'
              ? this.once(method, writeKey, ending.signal, traced)
              : traced()
          answer.finally(ending.done).then(
            (response) => {
              stop({ code: 'OK' })
              callback(null, response)
            },
            (error: unknown) => {
              const replayed = error instanceof ReplayedFailure
              const failure = replayed ? error.failure : toGrpcFailure(error)
              stop({ code: status[failure.code] })
              if (replayed) {
                // Logged, if at all, when it first happened.
              } else if (failure.code === status.INTERNAL) {
                logger.error({ err: error, method }, 'unexpected error')
              } else if (isTransientDatabaseError(error)) {
                // No longer INTERNAL, but an outage must still leave a trace.
                logger.warn({ err: error, method }, 'database unavailable')
              } else if (isCancelledStatement(error) && !ending.signal.aborted) {
                // Not the caller's cancel: statement_timeout cut a statement off.
                logger.warn({ err: error, method }, 'statement timed out')
              }
              failure.metadata.set(ANSWERED_METADATA_KEY, '1')
              callback({ code: failure.code, details: failure.details, metadata: failure.metadata })
            },
          )
        },
        ending.signal,
      )
    }
  }

  /**
   * Runs a keyed write once across attempts and replicas: the first attempt runs it and keeps
   * its outcome; a later one answers that outcome, waiting while the first still runs.
   */
  private async once<Res>(
    method: string,
    writeKey: string,
    signal: AbortSignal,
    run: () => Promise<Res>,
  ): Promise<Res> {
    const receipts = this.options.receipts as WriteReceipts
    const claim = await receipts.claim(method, writeKey, signal)
    this.receiptsCounter.inc({ outcome: claim.kind })
    switch (claim.kind) {
      case 'unguarded':
        return run()
      case 'unknown':
        throw new ReplayedFailure({
          code: status.UNAVAILABLE,
          details: OUTCOME_UNKNOWN,
          metadata: outcomeMetadata([]),
        })
      case 'answered': {
        const { outcome } = claim
        if (outcome.ok) return outcome.response as Res
        throw new ReplayedFailure({
          code: outcome.code,
          details: outcome.details,
          metadata: outcomeMetadata(outcome.metadata),
        })
      }
      case 'claimed':
        try {
          const response = await run()
          await claim.settle({ ok: true, response })
          return response
        } catch (error) {
          const failure = toGrpcFailure(error)
          // Stopped by its caller or its deadline, or by an outage: nothing asked for was
          // done (its transaction rolled back), so an attempt sent again may run it.
          await claim.settle(
            signal.aborted || failure.code === status.UNAVAILABLE
              ? 'released'
              : {
                  ok: false,
                  code: failure.code,
                  details: failure.details,
                  metadata: metadataEntries(failure.metadata),
                },
          )
          throw error
        }
    }
  }

  async listen(host: string, port: number): Promise<number> {
    const bound = await new Promise<number>((resolve, reject) => {
      this.server.bindAsync(`${host}:${port}`, ServerCredentials.createInsecure(), (error, p) =>
        error ? reject(error) : resolve(p),
      )
    })
    this.health.setStatus('', 'SERVING')
    for (const name of this.serviceNames) this.health.setStatus(name, 'SERVING')
    this.options.logger.info({ port: bound }, 'gRPC server listening')
    return bound
  }

  /** Stops taking calls, lets running ones finish, forces after the grace period. */
  async shutdown(graceMs = 10_000): Promise<void> {
    this.health.setStatus('', 'NOT_SERVING')
    for (const name of this.serviceNames) this.health.setStatus(name, 'NOT_SERVING')
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.server.forceShutdown()
        resolve()
      }, graceMs)
      this.server.tryShutdown(() => {
        clearTimeout(timer)
        resolve()
      })
    })
  }
}

export { healthService }

/** The W3C trace context a call's metadata carries (only when tracing is on). */
function traceCarrierOf(map: Record<string, unknown>): TraceCarrier | undefined {
  const carrier: TraceCarrier = {}
  for (const key of ['traceparent', 'tracestate']) {
    const value = map[key]
    if (typeof value === 'string') carrier[key] = value
  }
  return carrier['traceparent'] ? carrier : undefined
}

/**
 * A signal that aborts when the caller cancels the call or its deadline
 * passes while the handler still runs; `done` stops watching once it settled.
 */
function callEnding(call: ServerUnaryCall<unknown, unknown>): {
  signal: AbortSignal
  done: () => void
} {
  const controller = new AbortController()
  const abort = (): void => controller.abort()
  call.once('cancelled', abort)
  const deadline = call.getDeadline()
  const at = deadline instanceof Date ? deadline.getTime() : deadline
  // Infinity (no deadline) or beyond what a timer can hold: only a cancel ends the call.
  const timer =
    Number.isFinite(at) && at - Date.now() < 2 ** 31 - 1
      ? setTimeout(abort, Math.max(0, at - Date.now()))
      : undefined
  return {
    signal: controller.signal,
    done: () => {
      clearTimeout(timer)
      call.removeListener('cancelled', abort)
      retireRequestSignal(controller.signal)
    },
  }
}
