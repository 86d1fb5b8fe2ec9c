import { addProtoServices } from '@suite/runtime'
import { PROJECTS_V1_SERVICES } from '@suite/proto'
import type { GrpcServer, ServiceDeps } from '@suite/runtime'
import { projectsDeps } from '../deps.js'
import type { Database } from '../store/schema.js'
import { applicationSettingService } from './application-setting.rpc.js'
import { projectDeletionService } from './deletion.rpc.js'
import { eventService } from './event.rpc.js'
import { hookService } from './hook.rpc.js'
import { namespaceProjectsService } from './namespace-projects.rpc.js'
import { projectService } from './project.rpc.js'
import { projectForkService } from './project-fork.rpc.js'
import { projectTransferService } from './project-transfer.rpc.js'
import { protectedBranchService } from './protected-branch.rpc.js'
import { starService } from './star.rpc.js'

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
  addProtoServices(server, PROJECTS_V1_SERVICES, {
    ApplicationSettingService: applicationSettingService(server, deps.applicationSettings),
    EventService: eventService(server, deps.events),
    HookService: hookService(server, deps.hooks),
    ProtectedBranchService: protectedBranchService(server, deps.protectedBranches),
    ProjectService: projectService(server, deps.projects),
    ProjectTransferService: projectTransferService(server, deps.projects),
    ProjectForkService: projectForkService(server, deps.projects),
    ProjectDeletionService: projectDeletionService(server, deps.deletions),
    StarService: starService(server, deps.stars),
    NamespaceProjectsService: namespaceProjectsService(server, deps.namespaceProjects),
  })
  return close
}
