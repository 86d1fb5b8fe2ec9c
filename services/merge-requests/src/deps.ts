import type { ServiceDeps } from '@suite/runtime'
import { createPorts } from './clients/ports.js'
import { loadMergeRequestsConfig } from './config.js'
import type { MergeRequestsDeps } from './domain/deps.js'
import { projectAccessFactsRecorder } from './store/project-access-facts.store.js'
import type { Database } from './store/schema.js'

/**
 * The service's dependencies for one role: its database, the other
 * services' clients (every project they answer feeds the access facts read
 * model) and its configuration.
 */
export function mergeRequestsDeps(deps: ServiceDeps<Database>): MergeRequestsDeps {
  const config = loadMergeRequestsConfig()
  return {
    db: deps.db,
    logger: deps.logger,
    registry: deps.registry,
    redis: deps.redis,
    ports: createPorts(config, deps.registry, projectAccessFactsRecorder(deps.db)),
    config,
  }
}
