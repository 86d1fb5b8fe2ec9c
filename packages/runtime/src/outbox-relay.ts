import type { Redis } from 'ioredis'
import type { Kysely } from 'kysely'
import type { Registry } from 'prom-client'
import { inRequest } from './job-request-id.js'
import type { Logger } from './logger.js'
import { watchOutboxLag, type OutboxLagSource } from './outbox-lag.js'
import { countRelayed } from './outbox-relayed.js'
import {
  outboxTransactionsOf,
  type OutboxCodec,
  type OutboxTransactionsOf,
} from './outbox-store.js'
import { startRelayLoop, withTimeout, type OutboxRelay } from './relay-loop.js'

export interface OutboxRelayOptions {
  /** Pause between passes when the outbox is drained or Redis is unreachable. */
  intervalMs?: number
  /** Rows locked and queued per transaction. */
  batchSize?: number
  /** How long one pass waits for Redis to take the batch. */
  publishTimeoutMs?: number
}

/** A queue producer for one kind of message. */
export interface QueueProducer<T> {
  /** Queues one message; the same message queued twice is stored once (a job id). */
  publish: (message: T) => Promise<void>
  close: () => Promise<void>
}

export interface QueueOutboxRelayDeps<T> {
  /** The outbox: `outboxTransactionsOf(db, codec)` or the service's own stores. */
  stores: OutboxTransactionsOf<T>
  logger: Logger
  /** The Redis connection (opened on first use). */
  redis: () => Redis
  /** What waits in the outbox, for the log ("events", "branch updates"). */
  what: string
  /** The queue producer, opened on the first ready connection. */
  createPublisher: (redis: Redis) => QueueProducer<T>
  /** A message's key, for the log. */
  keyOf: (message: T) => string
  /** Where the outbox's lag gauge and relayed counter are reported; none without it. */
  lag?: OutboxLagSource
}

/**
 * Moves messages from an outbox table to their queue: locks a batch of
 * pending rows (`for update skip locked`, so replicas share the work), queues
 * them and deletes the queued ones in the same transaction. Producers key
 * jobs by the message, so a message queued twice (a crash between queueing
 * and commit) is one job.
 */
export function startQueueOutboxRelay<T>(
  deps: QueueOutboxRelayDeps<T>,
  options: OutboxRelayOptions = {},
): OutboxRelay {
  const batchSize = options.batchSize ?? 100
  const publishTimeoutMs = options.publishTimeoutMs ?? 2_000
  if (deps.lag) watchOutboxLag(deps.lag)
  const counted = deps.lag ? countRelayed(deps.lag.registry, deps.lag.table) : () => undefined

  /** Queues one batch; true when the batch was full and every row went out. */
  async function relayBatch(queue: QueueProducer<T>): Promise<boolean> {
    const { full, relayed } = await deps.stores.transaction(async (tx) => {
      const pending = await tx.outbox.lockPending(batchSize)
      const results = await Promise.allSettled(
        // Each message is queued inside the request that wrote it, so its job carries the id.
        pending.map((row) =>
          withTimeout(
            inRequest(row.requestId, () => queue.publish(row.payload), row.trace),
            publishTimeoutMs,
          ),
        ),
      )
      const sent: number[] = []
      const failed: { id: number; key: string; err: unknown }[] = []
      results.forEach((result, index) => {
        const row = pending[index]
        if (!row) return
        if (result.status === 'fulfilled') sent.push(row.id)
        else failed.push({ id: row.id, key: deps.keyOf(row.payload), err: result.reason })
      })
      await tx.outbox.delete(sent)
      await tx.outbox.countAttempt(failed.map((row) => row.id))
      for (const { err, key } of failed) {
        deps.logger.warn({ err, key }, `${deps.what}: not queued; it stays in the outbox`)
      }
      return { full: pending.length === batchSize && failed.length === 0, relayed: sent.length }
    })
    // Counted once committed: a batch whose commit failed is relayed again, by any replica.
    counted(relayed)
    return full
  }

  return startRelayLoop({
    logger: deps.logger,
    redis: deps.redis,
    what: deps.what,
    intervalMs: options.intervalMs,
    open: (redis) => {
      const publisher = deps.createPublisher(redis)
      return { relayBatch: () => relayBatch(publisher), close: () => publisher.close() }
    },
  })
}

/** One outbox table and the queue its messages go to. */
export interface OutboxRoute<T> {
  outbox: OutboxCodec<T>
  createPublisher: (redis: Redis) => QueueProducer<T>
}

/** What a service's relay runs on: its database, Redis, logger and metrics. */
export interface ServiceRelayDeps<DB> {
  db: Kysely<DB>
  logger: Logger
  redis: () => Redis
  /** Where the outbox's lag gauge and relayed counter are reported; none without it. */
  registry?: Registry
}

/** Relays one outbox table of the service's schema to its queue, with its lag gauge. */
export function startServiceOutboxRelay<T, DB>(
  route: OutboxRoute<T>,
  deps: ServiceRelayDeps<DB>,
  what: string,
  options: OutboxRelayOptions = {},
): OutboxRelay {
  return startQueueOutboxRelay(
    {
      stores: outboxTransactionsOf(deps.db, route.outbox),
      logger: deps.logger,
      redis: deps.redis,
      what,
      createPublisher: route.createPublisher,
      keyOf: route.outbox.keyOf,
      lag: deps.registry && { registry: deps.registry, db: deps.db, table: route.outbox.table },
    },
    options,
  )
}
