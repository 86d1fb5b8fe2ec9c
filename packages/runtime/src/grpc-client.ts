import {
  credentials,
  InterceptingCall,
  makeGenericClientConstructor,
  Metadata,
  status,
  type CallOptions,
  type ChannelOptions,
  type Client,
  type ClientUnaryCall,
  type Interceptor,
  type ServiceError,
} from '@grpc/grpc-js'
import { service as healthService } from 'grpc-health-check'
import { INTERNAL_AUTH_METADATA_KEY, internalAuthValue } from './internal-credential.js'
import { grpcHistogram, type Registry } from './metrics.js'
import {
  currentRequestId,
  currentRequestSignal,
  REQUEST_ID_METADATA_KEY,
} from './request-context.js'
import {
  contextFrom,
  currentTraceCarrier,
  SpanKind,
  SpanStatusCode,
  startSpan,
  tracingEnabled,
  withContext,
} from './tracing.js'
import {
  breakerFor,
  CircuitOpenError,
  DEFAULT_BREAKER,
  type BreakerOptions,
  type UpstreamBreaker,
} from './upstream-breaker.js'

type Callback<Res> = (error: ServiceError | null, response: Res) => void

// ts-proto declares each RPC with overloads; the last one takes metadata and options.
type UnaryMethod<Req, Res> = (
  request: Req,
  metadata: Metadata,
  options: Partial<CallOptions>,
  callback: Callback<Res>,
) => ClientUnaryCall

export interface CallOverrides {
  deadlineMs?: number
}

/**
 * The client's unary methods as promise-returning functions. (Methods are
 * picked with `infer`: against UnaryMethod<never, never> the callback's
 * response type never matches, which left no method at all.)
 */
export type PromiseClient<C> = {
  [
    K in keyof C as C[K] extends UnaryMethod<infer _Req, infer _Res> ? K : never
  ]: C[K] extends UnaryMethod<infer Req, infer Res>
    ? (request: Req, overrides?: CallOverrides) => Promise<Res>
    : never
}

export interface ClientOptions {
  address: string
  registry: Registry
  /** Deadline of every call unless overridden per call. */
  deadlineMs?: number
  /** Times a read may be retried on UNAVAILABLE. */
  retries?: number
  /** The upstream's circuit breaker (shared by every client of the address); false for none. */
  breaker?: BreakerOptions | false
  /** INTERNAL_API_SECRET: sent with every call, streams included; servers refuse calls without it. */
  internalSecret: string
}

type ClientConstructor<C> = new (
  address: string,
  creds: ReturnType<typeof credentials.createInsecure>,
  options?: Partial<ChannelOptions> & { interceptors?: Interceptor[] },
) => C

const histograms = new WeakMap<Registry, ReturnType<typeof grpcHistogram>>()

function clientHistogram(registry: Registry): ReturnType<typeof grpcHistogram> {
  let histogram = histograms.get(registry)
  if (!histogram) {
    histogram = grpcHistogram(registry, 'client')
    histograms.set(registry, histogram)
  }
  return histogram
}

/**
 * The method label of a call: the RPC's name alone ("GetUser" of
 * "/gitlab.identity.v1.UserService/GetUser"), as GrpcServer labels the same
 * call, so that client and server series join on `method` (RPC names are
 * unique across the suite's protos).
 */
export function grpcMethodLabel(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1) || path
}

/**
 * Adds the internal credential, the request id (and, with tracing on, a client
 * span's context) to outgoing metadata and times each call.
 */
function observingInterceptor(registry: Registry, internalSecret: string): Interceptor {
  const credential = internalAuthValue(internalSecret)
  const histogram = clientHistogram(registry)
  return (options, nextCall) => {
    const method = grpcMethodLabel(options.method_definition.path)
    const stop = histogram.startTimer({ method })
    const traced = tracingEnabled()
      ? startSpan(
          options.method_definition.path.slice(1),
          SpanKind.CLIENT,
          contextFrom(undefined),
          {
            'rpc.system': 'grpc',
            'rpc.method': method,
          },
        )
      : undefined
    return new InterceptingCall(nextCall(options), {
      start(metadata, _listener, next) {
        metadata.set(INTERNAL_AUTH_METADATA_KEY, credential)
        const requestId = currentRequestId()
        if (requestId) metadata.set(REQUEST_ID_METADATA_KEY, requestId)
        if (traced) {
          const carrier = withContext(traced.context, currentTraceCarrier) ?? {}
          for (const [key, value] of Object.entries(carrier)) metadata.set(key, value)
        }
        // Only the status is observed: grpc-js fills in the other callbacks. (Spreading
        // `listener` in made grpc-js call onReceiveStatus without `nextStatus`.)
        next(metadata, {
          onReceiveStatus(statusObject, nextStatus) {
            stop({ code: status[statusObject.code] })
            if (traced) {
              traced.span.setAttribute('rpc.grpc.status_code', statusObject.code)
              if (statusObject.code !== status.OK) {
                traced.span.setStatus({ code: SpanStatusCode.ERROR })
              }
              traced.span.end()
            }
            nextStatus(statusObject)
          },
        })
      },
    })
  }
}

const breakers = new WeakMap<Registry, Map<string, UpstreamBreaker>>()

/** The breaker of one upstream address in this process, made on first use. */
function sharedBreaker(
  address: string,
  registry: Registry,
  options: BreakerOptions,
): UpstreamBreaker {
  let byAddress = breakers.get(registry)
  if (!byAddress) {
    byAddress = new Map()
    breakers.set(registry, byAddress)
  }
  let breaker = byAddress.get(address)
  if (!breaker) {
    breaker = breakerFor(address, registry, options)
    byAddress.set(address, breaker)
  }
  return breaker
}

const passThrough: UpstreamBreaker = { run: (call) => call() }

/**
 * Builds a client whose unary methods return promises, each with a deadline.
 * Calls are retried on UNAVAILABLE only when `retries` is set (reads), and
 * refused at once while the upstream's circuit breaker is open.
 */
export function createClient<C extends Client>(
  Ctor: ClientConstructor<C>,
  options: ClientOptions,
): { raw: C; rpc: PromiseClient<C> } {
  const raw = new Ctor(options.address, credentials.createInsecure(), {
    interceptors: [observingInterceptor(options.registry, options.internalSecret)],
    'grpc.keepalive_time_ms': 30_000,
    // With a headless Service, DNS names every replica: spread calls over all of them.
    'grpc.service_config': JSON.stringify({ loadBalancingConfig: [{ round_robin: {} }] }),
  })
  const deadlineMs = options.deadlineMs ?? 5_000
  const retries = options.retries ?? 0
  const breaker =
    options.breaker === false
      ? passThrough
      : sharedBreaker(options.address, options.registry, options.breaker ?? DEFAULT_BREAKER)
  const rpc = new Proxy({} as PromiseClient<C>, {
    get(_target, property) {
      const method = (raw as unknown as Record<PropertyKey, unknown>)[property]
      if (typeof method !== 'function') return undefined
      const unary = method as UnaryMethod<unknown, unknown>
      return async (request: unknown, overrides?: CallOverrides) => {
        for (let attempt = 0; ; attempt++) {
          try {
            return await breaker.run(() =>
              invoke(raw, unary, request, overrides?.deadlineMs ?? deadlineMs),
            )
          } catch (error) {
            const unavailable = (error as Partial<ServiceError>).code === status.UNAVAILABLE
            // A refused call would be refused again: the breaker waits for the upstream.
            if (!unavailable || error instanceof CircuitOpenError || attempt >= retries) throw error
            await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt))
          }
        }
      }
    },
  })
  return { raw, rpc }
}

/**
 * One unary call. It is cancelled (status CANCELLED) when the request that
 * makes it is (request-context.ts): the HTTP client went away, or this
 * service's own call passed its deadline; the callee then stops its work too.
 */
function invoke(
  raw: Client,
  method: UnaryMethod<unknown, unknown>,
  request: unknown,
  deadlineMs: number,
): Promise<unknown> {
  const signal = currentRequestSignal()
  return new Promise((resolve, reject) => {
    const call = method.call(
      raw,
      request,
      new Metadata(),
      { deadline: Date.now() + deadlineMs },
      (error, response) => {
        signal?.removeEventListener('abort', cancel)
        if (error) reject(error)
        else resolve(response)
      },
    )
    function cancel(): void {
      call.cancel()
    }
    if (signal?.aborted) cancel()
    else signal?.addEventListener('abort', cancel, { once: true })
  })
}

const HealthClient = makeGenericClientConstructor(healthService, 'grpc.health.v1.Health')

/** Asks a server's standard health service whether it is SERVING. */
export function checkHealth(address: string, timeoutMs = 1_000): Promise<boolean> {
  const client = new HealthClient(address, credentials.createInsecure())
  return new Promise((resolve) => {
    const check = (
      client as unknown as Record<
        string,
        UnaryMethod<{ service: string }, { status: string | number }>
      >
    )['Check']
    if (!check) return resolve(false)
    check.call(
      client,
      { service: '' },
      new Metadata(),
      { deadline: Date.now() + timeoutMs },
      (error, response) => {
        client.close()
        resolve(!error && (response.status === 'SERVING' || response.status === 1))
      },
    )
  })
}
