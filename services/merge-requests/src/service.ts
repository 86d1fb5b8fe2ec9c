import { domainService, type DomainService } from '@suite/runtime'
import { migrations } from './migrations/index.js'
import { registerServices } from './rpc/register.js'
import type { Database } from './store/schema.js'
import { startWorkers } from './workers/index.js'

/**
 * Merge requests: the server role (merge requests, collaboration, diffs) and
 * the worker role (diff collection, merge status, branch updates, events).
 */
export const mergeRequestsService: DomainService<Database> = {
  info: domainService('merge-requests'),
  migrations,
  registerServer: registerServices,
  startWorkers,
}
