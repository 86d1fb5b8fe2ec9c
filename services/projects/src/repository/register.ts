import { RepositoryServiceService, SmartHttpServiceService } from '@suite/proto'
import {
  createBranchUpdatePublisher,
  createEventPublisher,
  type BranchUpdatePublisher,
  type EventPublisher,
  type GrpcServer,
  type ServiceDeps,
} from '@suite/runtime'
import { loadProjectsConfig } from '../config.js'
import type { Database } from '../store/schema.js'
import { repositoryService } from './repository-rpc.js'
import { RepositoryStore } from './repository-store.js'
import { smartHttpService } from './smart-http-rpc.js'

/**
 * Registers RepositoryService (and git smart HTTP) on the repository role;
 * the returned function closes the queues it opened, on shutdown.
 */
export function registerRepositoryServices(
  server: GrpcServer,
  deps: ServiceDeps<Database>,
): () => Promise<void> {
  const config = loadProjectsConfig()
  const store = new RepositoryStore(config.repositoryRoot, { path: config.gitPath })
  let publisher: EventPublisher | undefined
  let branchUpdates: BranchUpdatePublisher | undefined
  const repositoryDeps = {
    store,
    logger: deps.logger,
    publisher: () => (publisher ??= createEventPublisher(deps.redis())),
    branchUpdates: () => (branchUpdates ??= createBranchUpdatePublisher(deps.redis())),
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
  return async () => {
    await Promise.all([publisher?.close(), branchUpdates?.close()])
  }
}
