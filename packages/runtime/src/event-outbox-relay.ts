import type { Redis } from 'ioredis'
import { createEventPublisher, type EventPublisher } from './activity-events.js'
import type { OutboxTransactions } from './event-outbox-store.js'
import type { Logger } from './logger.js'
import type { OutboxLagSource } from './outbox-lag.js'
import { startQueueOutboxRelay, type OutboxRelayOptions } from './outbox-relay.js'
import type { OutboxRelay } from './relay-loop.js'

export interface OutboxRelayDeps {
  /** The service's outbox table: `outboxTransactions(db, table)` or the service's own stores. */
  stores: OutboxTransactions
  logger: Logger
  /** The Redis connection (opened on first use). */
  redis: () => Redis
  /** The queue producer; `createEventPublisher` unless a test gives one. */
  createPublisher?: (redis: Redis) => EventPublisher
  /** Where the outbox's lag gauge is reported; none without it. */
  lag?: OutboxLagSource
}

/**
 * Moves activity events from the outbox to `projects.events` (see
 * startQueueOutboxRelay). Jobs are keyed by the event's idempotency key, so
 * an event queued twice (a crash between queueing and commit) is stored once.
 */
export function startOutboxRelay(
  deps: OutboxRelayDeps,
  options: OutboxRelayOptions = {},
): OutboxRelay {
  return startQueueOutboxRelay(
    {
      ...deps,
      what: 'events',
      createPublisher: deps.createPublisher ?? createEventPublisher,
      keyOf: (event) => event.idempotencyKey,
    },
    options,
  )
}
