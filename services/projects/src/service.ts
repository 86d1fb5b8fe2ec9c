import { domainService, type DomainService } from '@suite/runtime'
import { migrations } from './migrations/index.js'
import { registerRepositoryServices } from './repository/rpc/register.js'
import { registerServices } from './rpc/register.js'
import type { Database } from './store/schema.js'
import { startWorkers } from './workers/index.js'

/**
 * Projects: the server role (projects, members' project side, activity events,
 * hooks, protected branches, and the relay of access facts to
 * `projects.access-facts`), the repository role (bare git repositories on
 * disk) and the worker role (activity events from other services, pruning,
 * webhook deliveries).
 */
export const projectsService: DomainService<Database> = {
  info: domainService('projects'),
  migrations,
  registerServer: registerServices,
  grpcRoles: { repository: registerRepositoryServices },
  startWorkers,
}
