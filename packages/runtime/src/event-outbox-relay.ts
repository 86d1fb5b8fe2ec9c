import type { Redis } from 'ioredis'
import type { EventRecord } from '@suite/proto'
import { createEventPublisher, type EventPublisher } from './activity-events.js'
import type { OutboxTransactions } from './event-outbox-store.js'
import type { Logger } from './logger.js'
import { startRelayLoop, withTimeout, type OutboxRelay } from './relay-loop.js'

export interface OutboxRelayOptions {
  /** Pause between passes when the outbox is drained or Redis is unreachable. */
  intervalMs?: number
  /** Rows locked and queued per transaction. */
  batchSize?: number
  /** How long one pass waits for Redis to take the batch. */
  publishTimeoutMs?: number
}

export interface OutboxRelayDeps {
  /** The service's outbox table: `outboxTransactions(db, table)` or the service's own stores. */
  stores: OutboxTransactions
  logger: Logger
  /** The Redis connection (opened on first use). */
  redis: () => Redis
  /** The queue producer; `createEventPublisher` unless a test gives one. */
  createPublisher?: (redis: Redis) => EventPublisher
}

/**
 * Moves activity events from the outbox to `projects.events`: locks a batch
 * of pending rows (`for update skip locked`, so replicas share the work),
 * queues them and deletes the queued ones in the same transaction. Jobs are
 * keyed by the event's idempotency key, so an event queued twice (a crash
 * between queueing and commit) is stored once.
 */
export function startOutboxRelay(
  deps: OutboxRelayDeps,
  options: OutboxRelayOptions = {},
): OutboxRelay {
  const batchSize = options.batchSize ?? 100
  const publishTimeoutMs = options.publishTimeoutMs ?? 2_000
  const createPublisher = deps.createPublisher ?? createEventPublisher

  /** Queues one batch; true when the batch was full and every row went out. */
  async function relayBatch(queue: EventPublisher): Promise<boolean> {
    return deps.stores.transaction(async (tx) => {
      const pending = await tx.outbox.lockPending(batchSize)
      const results = await Promise.allSettled(
        pending.map((row) => withTimeout(queue.publish(row.event), publishTimeoutMs)),
      )
      const sent: number[] = []
      const failed: { id: number; event: EventRecord; err: unknown }[] = []
      results.forEach((result, index) => {
        const row = pending[index]
        if (!row) return
        if (result.status === 'fulfilled') sent.push(row.id)
        else failed.push({ id: row.id, event: row.event, err: result.reason })
      })
      await tx.outbox.delete(sent)
      await tx.outbox.countAttempt(failed.map((row) => row.id))
      for (const { err, event } of failed) {
        deps.logger.warn(
          { err, idempotencyKey: event.idempotencyKey },
          'activity event not queued; it stays in the outbox',
        )
      }
      return pending.length === batchSize && failed.length === 0
    })
  }

  return startRelayLoop({
    logger: deps.logger,
    redis: deps.redis,
    what: 'events',
    intervalMs: options.intervalMs,
    open: (redis) => {
      const publisher = createPublisher(redis)
      return { relayBatch: () => relayBatch(publisher), close: () => publisher.close() }
    },
  })
}
