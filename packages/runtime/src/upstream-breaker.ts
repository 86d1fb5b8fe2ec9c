import { status, type ServiceError } from '@grpc/grpc-js'
import CircuitBreaker from 'opossum'
import { Counter, Gauge, type Registry } from 'prom-client'
import { PASSED_ON_KEY } from './grpc-status.js'

/** How an upstream's breaker decides; the defaults suit loopback and in-cluster calls. */
export interface BreakerOptions {
  /** Calls in the rolling window before the breaker may open. */
  volumeThreshold: number
  /** Percentage of failed calls in the window that opens it. */
  errorThresholdPercentage: number
  /** How long an open breaker refuses calls before it lets one through to try. */
  resetTimeoutMs: number
  /** The rolling window the percentage is taken over. */
  windowMs: number
  /**
   * Transport failures in a row that open it whatever the window holds: an
   * upstream that hangs fails one call per deadline, too slowly to reach the
   * window's volume.
   */
  consecutiveFailures: number
}

export const DEFAULT_BREAKER: BreakerOptions = {
  volumeThreshold: 10,
  errorThresholdPercentage: 50,
  resetTimeoutMs: 1_000,
  windowMs: 10_000,
  consecutiveFailures: 5,
}

/** Codes that say the upstream itself is unwell; any other answer is the upstream working. */
const TRANSPORT_FAILURES: ReadonlySet<number> = new Set([
  status.UNAVAILABLE,
  status.DEADLINE_EXCEEDED,
])

/**
 * Whether the upstream itself failed: UNAVAILABLE or DEADLINE_EXCEEDED, unless
 * it passed on what a service behind it answered (PASSED_ON_KEY). A merge
 * requests server whose call to a killed repository role failed is working,
 * and its other calls must not be refused for it.
 */
export function isTransportFailure(error: unknown): boolean {
  const { code, metadata } = error as Partial<ServiceError>
  if (!TRANSPORT_FAILURES.has(code ?? -1)) return false
  return metadata?.get(PASSED_ON_KEY)[0] === undefined
}

/** The error of a call the breaker refused without sending it. */
export class CircuitOpenError extends Error implements Partial<ServiceError> {
  readonly code = status.UNAVAILABLE
  readonly details: string
  constructor(readonly upstream: string) {
    super(`${status.UNAVAILABLE} UNAVAILABLE: ${upstream} is failing; calls wait for it to recover`)
    this.details = `${upstream} is failing; calls wait for it to recover`
  }
}

type Call = () => Promise<unknown>

export interface UpstreamBreaker {
  /** Runs the call unless the upstream's breaker is open (then CircuitOpenError at once). */
  run: <T>(call: () => Promise<T>) => Promise<T>
  /** Whether it refuses calls now (open, not yet letting one through to try). */
  isOpen: () => boolean
}

interface Meters {
  state: Gauge<'upstream'>
  refused: Counter<'upstream'>
}

const meters = new WeakMap<Registry, Meters>()

function metersOf(registry: Registry): Meters {
  let found = meters.get(registry)
  if (!found) {
    found = {
      state: new Gauge({
        name: 'grpc_client_circuit_open',
        help: 'Whether calls to an upstream are refused at once (1 open, 0.5 trying one, 0 closed)',
        labelNames: ['upstream'],
        registers: [registry],
      }),
      refused: new Counter({
        name: 'grpc_client_circuit_refused_total',
        help: 'Calls refused without being sent because the upstream was failing',
        labelNames: ['upstream'],
        registers: [registry],
      }),
    }
    meters.set(registry, found)
  }
  return found
}

/**
 * One circuit breaker per upstream address and process (opossum), shared by
 * every client of that address: once half of the recent calls failed with
 * UNAVAILABLE or DEADLINE_EXCEEDED, calls are refused at once instead of each
 * waiting for its deadline (so do `consecutiveFailures` in a row), and after
 * `resetTimeoutMs` one call tries again.
 * Answers such as NOT_FOUND or PERMISSION_DENIED are the upstream working.
 */
export function breakerFor(
  upstream: string,
  registry: Registry,
  options: BreakerOptions = DEFAULT_BREAKER,
): UpstreamBreaker {
  const { state, refused } = metersOf(registry)
  const breaker = new CircuitBreaker<[Call], unknown>((call) => call(), {
    timeout: false,
    volumeThreshold: options.volumeThreshold,
    errorThresholdPercentage: options.errorThresholdPercentage,
    resetTimeout: options.resetTimeoutMs,
    rollingCountTimeout: options.windowMs,
    errorFilter: (error: unknown) => !isTransportFailure(error),
    // Counts only: latency percentiles and snapshot events cost every call and nothing reads them.
    rollingPercentilesEnabled: false,
    enableSnapshots: false,
  })
  state.set({ upstream }, 0)
  breaker.on('open', () => state.set({ upstream }, 1))
  breaker.on('halfOpen', () => state.set({ upstream }, 0.5))
  breaker.on('close', () => state.set({ upstream }, 0))
  breaker.on('reject', () => refused.inc({ upstream }))
  let inARow = 0
  breaker.on('success', () => (inARow = 0))
  breaker.on('failure', (error: unknown) => {
    if (!isTransportFailure(error)) return
    inARow++
    if (inARow >= options.consecutiveFailures && !breaker.opened) breaker.open()
  })
  breaker.on('close', () => (inARow = 0))
  return {
    isOpen: () => breaker.opened,
    run: async <T>(call: () => Promise<T>): Promise<T> => {
      try {
        return (await breaker.fire(call)) as T
      } catch (error) {
        if ((error as { code?: unknown }).code === 'EOPENBREAKER') {
          throw new CircuitOpenError(upstream)
        }
        throw error
      }
    },
  }
}
