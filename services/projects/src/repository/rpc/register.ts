import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import { PROJECTS_V1_SERVICES } from '@suite/proto'
import {
  BRANCH_UPDATE_OUTBOX,
  createBranchUpdatePublisher,
  HOOK_EVENT_ROUTE,
  startServiceOutboxRelay,
  type GrpcServer,
  type ServiceDeps,
  addProtoServices,
} from '@suite/runtime'
import { loadProjectsConfig } from '../../config.js'
import { ProtectedBranchesStore } from '../../store/protected-branches.store.js'
import { RefChangesStore } from '../../store/ref-changes.store.js'
import type { Database } from '../../store/schema.js'
import { intentOwner, startIntentSweeper } from '../workers/intent-sweeper.js'
import { createPushHooksDir } from '../git/push-hooks-dir.js'
import { refChangeRecorder } from '../store/ref-change-recorder.js'
import { repositoryService } from './repository-rpc.js'
import { repositoryForkService } from './fork-rpc.js'
import { RepositoryStore } from '../store/repository-store.js'
import { gitRunObserver } from '../git/git-metrics.js'
import { smartHttpService } from './smart-http-rpc.js'
import { repositoryContentService } from './content-rpc.js'

/**
 * Registers RepositoryService (and git smart HTTP) on the repository role,
 * with the relay of its branch updates to `repository.branch-updates` and the
 * sweep of interrupted ref writes; the returned function stops them, on shutdown.
 */
export function registerRepositoryServices(
  server: GrpcServer,
  deps: ServiceDeps<Database>,
): () => Promise<void> {
  const config = loadProjectsConfig()
  const store = new RepositoryStore(config.repositoryRoot, {
    path: config.gitPath,
    observe: gitRunObserver(deps.registry),
  })
  const refChanges = new RefChangesStore(deps.db)
  const owner = intentOwner(hostname(), deps.config.GRPC_PORT, randomUUID())
  const relay = startServiceOutboxRelay(
    { outbox: BRANCH_UPDATE_OUTBOX, createPublisher: createBranchUpdatePublisher },
    deps,
    'branch updates',
  )
  const hookRelay = startServiceOutboxRelay(HOOK_EVENT_ROUTE, deps, 'hook events')
  const wake = () => {
    relay.wake()
    hookRelay.wake()
  }
  const hooks = {
    facts: (projectId: number) => refChanges.pushHookFacts(projectId),
    externalUrl: config.externalUrl,
  }
  const stopSweeper = startIntentSweeper({
    store: refChanges,
    repositories: store,
    logger: deps.logger,
    hooks,
    owner,
    wake,
  })
  const repositoryDeps = {
    store,
    logger: deps.logger,
    externalUrl: config.externalUrl,
    receiveMaxInputBytes: config.receiveMaxInputBytes,
    protectedBranches: new ProtectedBranchesStore(deps.db),
    pushHooksDir: createPushHooksDir(),
    refChanges: refChangeRecorder({
      store: refChanges,
      logger: deps.logger,
      hooks,
      owner,
      wake,
    }),
  }
  addProtoServices(server, PROJECTS_V1_SERVICES, {
    RepositoryService: repositoryService(server, repositoryDeps),
    SmartHttpService: smartHttpService(server, repositoryDeps),
    RepositoryContentService: repositoryContentService(server, repositoryDeps),
    RepositoryForkService: repositoryForkService(server, repositoryDeps),
  })
  return async () => {
    await stopSweeper()
    await Promise.all([relay.stop(), hookRelay.stop()])
  }
}
