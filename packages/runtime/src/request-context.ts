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
): T {
  const context: RequestContext = { requestId: requestId || randomUUID() }
  if (signal) context.signal = signal
  return storage.run(context, fn)
}

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId
}

/** The running request's cancellation signal, if it has one. */
export function currentRequestSignal(): AbortSignal | undefined {
  return storage.getStore()?.signal
}

/** gRPC metadata key that carries the request id between services. */
export const REQUEST_ID_METADATA_KEY = 'x-request-id'
