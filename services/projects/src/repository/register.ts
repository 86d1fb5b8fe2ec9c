import { RepositoryServiceService, SmartHttpServiceService } from '@suite/proto'
import {
  createEventPublisher,
  type EventPublisher,
  type GrpcServer,
  type ServiceDeps,
} from '@suite/runtime'
import { loadProjectsConfig } from '../config.js'
import type { Database } from '../store/schema.js'
import { repositoryService } from './repository-rpc.js'
import { RepositoryStore } from './repository-store.js'
import { smartHttpService } from './smart-http-rpc.js'

/** Registers RepositoryService (and git smart HTTP) on the repository role. */
export function registerRepositoryServices(server: GrpcServer, deps: ServiceDeps<Database>): void {
  const config = loadProjectsConfig()
  const store = new RepositoryStore(config.repositoryRoot, { path: config.gitPath })
  let publisher: EventPublisher | undefined
  const repositoryDeps = {
    store,
    logger: deps.logger,
    publisher: () => (publisher ??= createEventPublisher(deps.redis())),
  }
  server.add(
    RepositoryServiceService,
    repositoryService(server, repositoryDeps),
    'gitlab.projects.v1.RepositoryService',
  )
  server.add(
    SmartHttpServiceService,
    smartHttpService(server, repositoryDeps),
    'gitlab.projects.v1.SmartHttpService',
  )
}
