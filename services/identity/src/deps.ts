import { startOutboxRelay, type Logger, type ServiceDeps } from '@suite/runtime'
import type { Stores } from './domain/ports.js'
import type { Database } from './store/schema.js'
import { createStores } from './store/stores.js'

/** What identity's gRPC services are built from. */
export interface IdentityDeps {
  stores: Stores
  logger: Logger
  /** Tells the outbox relay that a change wrote activity events. */
  wakeRelay: () => void
}

/** The server role's dependencies and what stops what they started. */
export interface WiredDeps {
  deps: IdentityDeps
  close: () => Promise<void>
}

/**
 * The stores on the service's database and the relay that queues the
 * outbox's activity events (started here, woken by membership changes).
 */
export function identityDeps(service: ServiceDeps<Database>): WiredDeps {
  const stores = createStores(service.db)
  const relay = startOutboxRelay({
    stores,
    logger: service.logger,
    redis: service.redis,
    lag: { registry: service.registry, db: service.db, table: 'event_outbox' },
  })
  return {
    deps: { stores, logger: service.logger, wakeRelay: relay.wake },
    close: relay.stop,
  }
}
