import { createRedisConnection, keepCachesCurrent, type ServiceDeps } from '@suite/runtime'
import { eventDelivery } from './clients/event-delivery.js'
import { createPorts } from './clients/ports.js'
import { createProjectSettingsCache } from './clients/projects.js'
import { loadMergeRequestsConfig } from './config.js'
import type { MergeRequestsDeps } from './domain/ports.js'
import { projectAccessFactsRecorder } from './store/project-access-facts.store.js'
import type { Database } from './store/schema.js'
import { createListCounts } from './store/merge-request-list.js'
import { createStores } from './store/stores.js'
import { workQueues } from './workers/queues.js'

/** The dependencies of a running role and what closes the connections they opened. */
export interface WiredDeps {
  deps: MergeRequestsDeps
  /** Closes the other services' clients. */
  close: () => void
}

/**
 * The service's dependencies for one role: its stores, the other services'
 * clients (every project they answer feeds the access facts read model), the
 * work queues and the settings of its configuration.
 */
export function mergeRequestsDeps(deps: ServiceDeps<Database>): WiredDeps {
  const config = loadMergeRequestsConfig()
  // Projects' settings and project list counts in memory, current through the
  // change events on a connection of their own. A write through a gateway
  // publishes its project's event before it is answered, so the next request
  // finds these current too.
  const heldProjects = createProjectSettingsCache(deps.registry)
  const listCounts = createListCounts(deps.registry)
  const subscriber = createRedisConnection(deps.config.REDIS_URL)
  subscriber.on('error', (err: Error) => deps.logger.debug({ err }, 'redis subscriber error'))
  keepCachesCurrent({ subscriber, logger: deps.logger, caches: [heldProjects, listCounts] })
  const { ports, close } = createPorts(
    config,
    deps.registry,
    deps.config.INTERNAL_API_SECRET,
    projectAccessFactsRecorder(deps.db),
    workQueues(deps.redis),
    heldProjects,
  )
  // A write's activity events reach the projects service before the write is answered.
  const events = eventDelivery(
    config.projectsAddress,
    deps.registry,
    deps.config.INTERNAL_API_SECRET,
    deps.logger,
  )
  return {
    deps: {
      stores: createStores(deps.db, { listCounts, eventsCommitted: events.deliver }),
      ports,
      logger: deps.logger,
      settings: {
        restrictMergeStatusRecheck: config.restrictMergeStatusRecheck,
        externalUrl: config.externalUrl,
      },
    },
    close: () => {
      close()
      events.close()
      subscriber.disconnect()
    },
  }
}
