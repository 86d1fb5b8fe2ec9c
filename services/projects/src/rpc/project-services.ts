import { ProjectServiceService } from '@suite/proto'
import type { GrpcServer, ServiceDeps } from '@suite/runtime'
import { createIdentityPort } from '../clients/identity.js'
import { createRepositoryClient } from '../clients/repository.js'
import { loadProjectsConfig } from '../config.js'
import type { Database } from '../store/schema.js'
import { ProjectsStore } from '../store/projects.store.js'
import { projectService } from './project.rpc.js'

/** Registers ProjectService on the server role. */
export function registerProjectServices(server: GrpcServer, deps: ServiceDeps<Database>): void {
  const config = loadProjectsConfig()
  const identity = createIdentityPort(config.identityAddress, deps.registry)
  const repository = createRepositoryClient(
    config.repositoryAddress,
    deps.registry,
    deps.logger,
    identity.contact,
  )
  server.add(
    ProjectServiceService,
    projectService(server, {
      store: new ProjectsStore(deps.db),
      logger: deps.logger,
      ports: { identity, repository },
    }),
    'gitlab.projects.v1.ProjectService',
  )
}
