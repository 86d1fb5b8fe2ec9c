import { domainService, type DomainService } from '@suite/runtime'
import { migrations } from './migrations/index.js'
import { registerRepositoryServices } from './repository/rpc/register.js'
import { registerEventServices } from './rpc/event-services.js'
import { registerHookService } from './rpc/hook.rpc.js'
import { registerProjectServices } from './rpc/project-services.js'
import { registerProtectedBranchService } from './rpc/protected-branch.rpc.js'
import type { Database } from './store/schema.js'
import { startWorkers } from './workers/index.js'

/**
 * Projects: the server role (projects, members' project side, activity events,
 * and the relay of access facts to `projects.access-facts`),
 * the repository role (bare git repositories on disk) and the worker role
 * (activity events from other services, pruning).
 */
export const projectsService: DomainService<Database> = {
  info: domainService('projects'),
  migrations,
  registerServer: (server, deps) => {
    registerEventServices(server, deps)
    registerHookService(server, deps)
    registerProtectedBranchService(server, deps)
    return registerProjectServices(server, deps)
  },
  grpcRoles: { repository: registerRepositoryServices },
  startWorkers,
}
