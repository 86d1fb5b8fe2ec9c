import { AsyncLocalStorage } from 'node:async_hooks'
import { randomUUID } from 'node:crypto'

export interface RequestContext {
  requestId: string
  /**
   * Aborts when the request stops mattering (its gRPC deadline passed, its
   * caller cancelled, its HTTP client went away): the SQL statements and the
   * gRPC calls it started are cancelled with it.
   */
  signal?: AbortSignal
  /**
   * The HTTP request may be sent again as a whole (its method is idempotent in HTTP's sense:
   * GET, HEAD, OPTIONS, PUT, DELETE), as a load balancer in front of the gateways does after a
   * broken connection; so may a write it makes whose replica died during the call.
   */
  resendable?: boolean
}

const storage = new AsyncLocalStorage<RequestContext>()

/**
 * Runs fn with a request id that logs and outgoing gRPC calls pick up, and
 * the signal that cancels what the request started.
 */
export function runWithRequestId<T>(
  requestId: string | undefined,
  fn: () => T,
  signal?: AbortSignal,
  resendable = false,
): T {
  const context: RequestContext = { requestId: requestId || randomUUID() }
  if (signal) context.signal = signal
  if (resendable) context.resendable = true
  return storage.run(context, fn)
}

/** Whether the running request may be sent again as a whole (RequestContext.resendable). */
export function currentRequestResendable(): boolean {
  return storage.getStore()?.resendable === true
}

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId
}

const retired = new WeakSet<AbortSignal>()

/**
 * Marks a request as over (answered, or cancelled): work it started that
 * runs on in its context (a timer, a loop begun on first use) no longer ends
 * with it. Called by whoever made the signal, once the request settled.
 */
export function retireRequestSignal(signal: AbortSignal): void {
  retired.add(signal)
}

/** The running request's cancellation signal, while the request is in flight. */
export function currentRequestSignal(): AbortSignal | undefined {
  const signal = storage.getStore()?.signal
  return signal && !retired.has(signal) ? signal : undefined
}

/**
 * Runs fn outside any request: background work a request merely wakes (an
 * outbox relay pass) must not carry the request's id or end with it.
 */
export function runOutsideRequest<T>(fn: () => T): T {
  return storage.exit(fn)
}

/** gRPC metadata key that carries the request id between services. */
export const REQUEST_ID_METADATA_KEY = 'x-request-id'
