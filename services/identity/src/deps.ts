import {
  GROUP_DELETED_ROUTE,
  USER_BLOCKED_ROUTE,
  USER_DELETED_ROUTE,
  startOutboxRelay,
  startServiceOutboxRelay,
  type Logger,
  type ServiceDeps,
} from '@suite/runtime'
import { createProjectsPort } from './clients/projects.js'
import { loadIdentityConfig } from './config.js'
import type { ProjectsPort, Stores } from './domain/ports.js'
import type { Database } from './store/schema.js'
import { createStores } from './store/stores.js'

/** What identity's gRPC services are built from. */
export interface IdentityDeps {
  stores: Stores
  logger: Logger
  /** Tells the outbox relay that a change wrote activity events. */
  wakeRelay: () => void
  /** The projects service: what group renames, transfers and visibility changes ask of it. */
  projects: ProjectsPort
  /** Tells the relays of group and user deletions that one was written. */
  wakeGroupDeletions: () => void
}

/** The server role's dependencies and what stops what they started. */
export interface WiredDeps {
  deps: IdentityDeps
  close: () => Promise<void>
}

/**
 * The stores on the service's database, the relay that queues the outbox's
 * activity events (started here, woken by membership changes) and the relay
 * of group deletions to `projects.group-deleted`, of user deletions to
 * every service's `*.user-deleted` and of blocks to `ci.user-blocked`.
 */
export function identityDeps(service: ServiceDeps<Database>): WiredDeps {
  const stores = createStores(service.db)
  const relay = startOutboxRelay({
    stores,
    logger: service.logger,
    redis: service.redis,
    lag: { registry: service.registry, db: service.db, table: 'event_outbox' },
  })
  const projects = createProjectsPort(
    loadIdentityConfig().projectsAddress,
    service.registry,
    service.config.INTERNAL_API_SECRET,
  )
  const groupDeletions = startServiceOutboxRelay(GROUP_DELETED_ROUTE, service, 'group deletions')
  const userDeletions = startServiceOutboxRelay(USER_DELETED_ROUTE, service, 'user deletions')
  // Blocks are found on the relay's tick (no wake: the state change is rare and may wait it).
  const userBlocks = startServiceOutboxRelay(USER_BLOCKED_ROUTE, service, 'user blocks')
  return {
    deps: {
      stores,
      logger: service.logger,
      wakeRelay: relay.wake,
      projects,
      wakeGroupDeletions: () => {
        groupDeletions.wake()
        userDeletions.wake()
      },
    },
    close: async () => {
      await relay.stop()
      projects.close()
      await groupDeletions.stop()
      await userDeletions.stop()
      await userBlocks.stop()
    },
  }
}
