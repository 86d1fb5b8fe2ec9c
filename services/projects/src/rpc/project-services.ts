import { ProjectServiceService } from '@suite/proto'
import type { GrpcServer, ServiceDeps } from '@suite/runtime'
import { createIdentityPort } from '../clients/identity.js'
import { createRepositoryClient } from '../clients/repository.js'
import { loadProjectsConfig } from '../config.js'
import { accessFactsOutbox } from '../store/access-facts-outbox.store.js'
import type { Database } from '../store/schema.js'
import { ProjectsStore } from '../store/projects.store.js'
import { startAccessFactsRelay } from '../workers/access-facts-relay.js'
import { projectService } from './project.rpc.js'

/**
 * Registers ProjectService on the server role and starts the relay that
 * publishes the access facts its writes queue; returns what stops the relay.
 */
export function registerProjectServices(
  server: GrpcServer,
  deps: ServiceDeps<Database>,
): () => Promise<void> {
  const config = loadProjectsConfig()
  const identity = createIdentityPort(
    config.identityAddress,
    deps.registry,
    deps.config.INTERNAL_API_SECRET,
  )
  const repository = createRepositoryClient(
    config.repositoryAddress,
    deps.registry,
    deps.config.INTERNAL_API_SECRET,
    deps.logger,
    identity.contact,
  )
  const relay = startAccessFactsRelay({
    outbox: accessFactsOutbox(deps.db),
    logger: deps.logger,
    redis: deps.redis,
  })
  server.add(
    ProjectServiceService,
    projectService(server, {
      store: new ProjectsStore(deps.db),
      logger: deps.logger,
      ports: { identity, repository },
      onAccessFactsQueued: relay.wake,
    }),
    'gitlab.projects.v1.ProjectService',
  )
  return relay.stop
}
