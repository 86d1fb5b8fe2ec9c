import { AsyncLocalStorage } from 'node:async_hooks'
import { randomUUID } from 'node:crypto'

export interface RequestContext {
  requestId: string
}

const storage = new AsyncLocalStorage<RequestContext>()

/** Runs fn with a request id that logs and outgoing gRPC calls pick up. */
export function runWithRequestId<T>(requestId: string | undefined, fn: () => T): T {
  return storage.run({ requestId: requestId || randomUUID() }, fn)
}

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId
}

/** gRPC metadata key that carries the request id between services. */
export const REQUEST_ID_METADATA_KEY = 'x-request-id'
