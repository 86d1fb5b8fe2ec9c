import {
  EventServiceService,
  HookServiceService,
  ProjectServiceService,
  ProtectedBranchServiceService,
} from '@suite/proto'
import type { GrpcServer, ServiceDeps } from '@suite/runtime'
import { projectsDeps } from '../deps.js'
import type { Database } from '../store/schema.js'
import { eventService } from './event.rpc.js'
import { hookService } from './hook.rpc.js'
import { projectService } from './project.rpc.js'
import { protectedBranchService } from './protected-branch.rpc.js'

/**
 * Registers the server role's gRPC services (the repository role registers
 * its own, repository/register.ts); returns what stops the access facts
 * relay and the clients.
 */
export function registerServices(
  server: GrpcServer,
  service: ServiceDeps<Database>,
): () => Promise<void> {
  const { deps, close } = projectsDeps(service)
  server.add(
    EventServiceService,
    eventService(server, deps.events.reader, deps.events.scopesOf),
    'gitlab.projects.v1.EventService',
  )
  server.add(HookServiceService, hookService(server, deps.hooks), 'gitlab.projects.v1.HookService')
  server.add(
    ProtectedBranchServiceService,
    protectedBranchService(server, deps.protectedBranches),
    'gitlab.projects.v1.ProtectedBranchService',
  )
  server.add(
    ProjectServiceService,
    projectService(server, deps.projects),
    'gitlab.projects.v1.ProjectService',
  )
  return close
}
