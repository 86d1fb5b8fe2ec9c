import {
  connectivityState,
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
import { randomUUID } from 'node:crypto'
import { targetAddresses } from './grpc-target.js'
import { INTERNAL_AUTH_METADATA_KEY, internalAuthValue } from './internal-credential.js'
import { grpcHistogram, type Registry } from './metrics.js'
import {
  currentRequestId,
  currentRequestResendable,
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
import { ANSWERED_METADATA_KEY, OUTCOME_UNKNOWN, WRITE_KEY_METADATA_KEY } from './write-receipts.js'

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
  /**
   * Times a read may be retried on UNAVAILABLE (on the next replica when the target lists
   * several). Without it (writes) a call carries a write key and is sent again only when it was
   * never sent or its connection broke (the servers then answer it once: write-receipts.ts).
   */
  retries?: number
  /** Each replica's circuit breaker (shared by every client of the address); false for none. */
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

const passThrough: UpstreamBreaker = { run: (call) => call(), isOpen: () => false }

/** One address of a target, called through a channel of its own. */
interface Replica<C> {
  address: string
  raw: C
  breaker: UpstreamBreaker
}

/**
 * Whether a failed call never reached a server, so that any other replica may take it, writes
 * included: its breaker refused it, or no connection could be made. grpc-js itself already
 * resends a stream that a server refused (a replica shutting down sends GOAWAY) or never
 * started. "Connection dropped" is not among these: the call may have run.
 */
export function neverSent(error: unknown): boolean {
  if (error instanceof CircuitOpenError) return true
  const { code, details } = error as Partial<ServiceError>
  return (
    code === status.UNAVAILABLE &&
    typeof details === 'string' &&
    (details.includes('No connection established') || details.includes('Stream refused by server'))
  )
}

/** Whether a replica's channel is worth a call now: not failing to connect, breaker not open. */
function usable(replica: Replica<Client>): boolean {
  if (replica.breaker.isOpen()) return false
  const state = replica.raw.getChannel().getConnectivityState(false)
  return state !== connectivityState.TRANSIENT_FAILURE && state !== connectivityState.SHUTDOWN
}

/**
 * Builds a client whose unary methods return promises, each with a deadline.
 *
 * A target listing several replicas (`ipv4:a,b`, as the launcher writes with REPLICAS) gets one
 * channel and one circuit breaker per replica, and the client balances over them itself (round
 * robin, skipping a replica that cannot be connected): one slow or restarting replica opens its
 * own breaker, not the others', and a call that never reached a replica goes to the next one.
 * Reads (`retries`) are also retried on the next replica after any UNAVAILABLE, and so, once, is
 * a write made for an HTTP request of an idempotent method (PUT, DELETE). A single
 * `host:port` (a Kubernetes headless Service name) keeps grpc-js's round robin over what DNS
 * returns, with one breaker for the name. `raw` is a channel over the whole target, for streams.
 */
export function createClient<C extends Client>(
  Ctor: ClientConstructor<C>,
  options: ClientOptions,
): { raw: C; rpc: PromiseClient<C> } {
  const channelOptions = {
    interceptors: [observingInterceptor(options.registry, options.internalSecret)],
    'grpc.keepalive_time_ms': 30_000,
    // With a headless Service, DNS names every replica: spread calls over all of them. Only
    // connected replicas are picked, so a dead one takes no calls after its connection drops.
    'grpc.service_config': JSON.stringify({ loadBalancingConfig: [{ round_robin: {} }] }),
    // A replica that comes back (restarted, or a new pod at the same address) is called again
    // within a second of listening: grpc-js's default backoff between attempts grows from 1 s
    // to 2 minutes (grpc-reconnect.test.ts).
    'grpc.initial_reconnect_backoff_ms': 100,
    'grpc.max_reconnect_backoff_ms': 1_000,
  }
  const raw = new Ctor(options.address, credentials.createInsecure(), channelOptions)
  const breakerOf = (address: string) =>
    options.breaker === false
      ? passThrough
      : sharedBreaker(address, options.registry, options.breaker ?? DEFAULT_BREAKER)
  const addresses = targetAddresses(options.address)
  const replicas: Replica<C>[] =
    addresses.length > 1
      ? addresses.map((address) => ({
          address,
          raw: new Ctor(address, credentials.createInsecure(), channelOptions),
          breaker: breakerOf(address),
        }))
      : [{ address: options.address, raw, breaker: breakerOf(options.address) }]
  if (replicas.length > 1) {
    // The callers close `raw`; the replicas' channels close with it.
    const closeTarget = raw.close.bind(raw)
    raw.close = () => {
      closeTarget()
      for (const replica of replicas) replica.raw.close()
    }
  }
  const deadlineMs = options.deadlineMs ?? 5_000
  const retries = options.retries ?? 0
  let turn = 0
  /**
   * A write carries a key of its own, the same on every attempt: the servers run a key once
   * and answer an attempt sent again with the first one's outcome (write-receipts.ts), so a
   * write whose connection broke during the call is sent once more, to another replica when
   * there is one. When the first attempt's process died while running it, its outcome cannot
   * be known; the write is then sent under a new key only if the HTTP request that made it may
   * itself be sent again (PUT, DELETE: request-context.ts).
   */
  const keyed = retries === 0
  const resend = (error: unknown, resent: number): 'same key' | 'new key' | undefined => {
    const { code, details, metadata } = error as Partial<ServiceError>
    if (!keyed || code !== status.UNAVAILABLE || resent >= 2) return undefined
    if (details === OUTCOME_UNKNOWN) return currentRequestResendable() ? 'new key' : undefined
    // The server's own UNAVAILABLE (a statement timed out, its database is down) is its answer.
    if (metadata?.get(ANSWERED_METADATA_KEY).length) return undefined
    return resent === 0 ? 'same key' : undefined
  }
  /** The replicas in the order this call tries them: round robin, usable ones first. */
  const order = (): Replica<C>[] => {
    if (replicas.length === 1) return replicas
    const start = turn++ % replicas.length
    const rotated = [...replicas.slice(start), ...replicas.slice(0, start)]
    return [...rotated.filter(usable), ...rotated.filter((replica) => !usable(replica))]
  }
  const rpc = new Proxy({} as PromiseClient<C>, {
    get(_target, property) {
      if (typeof (raw as unknown as Record<PropertyKey, unknown>)[property] !== 'function') {
        return undefined
      }
      return async (request: unknown, overrides?: CallOverrides) => {
        let tried = order()
        // Every other replica once for a call that was never sent, or `retries` more for a read.
        const attempts = Math.max(retries, tried.length - 1)
        let writeKey = keyed ? randomUUID() : undefined
        let resent = 0
        for (let attempt = 0; ; attempt++) {
          const replica = tried[attempt % tried.length] as Replica<C>
          const unary = (replica.raw as unknown as Record<PropertyKey, unknown>)[
            property
          ] as UnaryMethod<unknown, unknown>
          try {
            return await replica.breaker.run(() =>
              invoke(replica.raw, unary, request, overrides?.deadlineMs ?? deadlineMs, writeKey),
            )
          } catch (error) {
            const elsewhere = attempt + 1 < tried.length
            if (neverSent(error)) {
              if (attempt >= attempts) throw error
              // Another replica may take it at once; the same one waits for its breaker.
              if (!elsewhere && (attempt >= retries || error instanceof CircuitOpenError)) {
                throw error
              }
            } else {
              const again = resend(error, resent)
              if (again) {
                // Sent again as a call of its own: to another replica first, the one that failed
                // last (or after 50 ms to the one address).
                resent++
                if (again === 'new key') writeKey = randomUUID()
                tried = [...order().filter((other) => other !== replica), replica]
                attempt = -1
                if (tried.length === 1) await new Promise((resolve) => setTimeout(resolve, 50))
                continue
              } else if (
                attempt >= attempts ||
                attempt >= retries ||
                (error as Partial<ServiceError>).code !== status.UNAVAILABLE
              ) {
                throw error
              }
            }
            if (!elsewhere) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt))
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
  writeKey?: string,
): Promise<unknown> {
  const signal = currentRequestSignal()
  const metadata = new Metadata()
  if (writeKey) metadata.set(WRITE_KEY_METADATA_KEY, writeKey)
  return new Promise((resolve, reject) => {
    const call = method.call(
      raw,
      request,
      metadata,
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
