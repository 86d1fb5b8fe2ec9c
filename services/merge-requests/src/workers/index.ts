import type { ServiceDeps } from '@suite/runtime'
import { mergeRequestsDeps } from '../rpc/register.js'
import type { Database } from '../store/schema.js'

/**
 * Starts the worker role's BullMQ workers (diff collection, merge status,
 * branch updates, the event outbox relay); returns what stops them.
 */
export function startWorkers(deps: ServiceDeps<Database>): Promise<() => Promise<void>> {
  const mrDeps = mergeRequestsDeps(deps)
  return Promise.resolve(() => Promise.resolve(mrDeps.ports.close()))
}
