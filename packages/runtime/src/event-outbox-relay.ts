import type { Redis } from 'ioredis'
import type { EventRecord } from '@suite/proto'
import { createEventPublisher, type EventPublisher } from './activity-events.js'
import type { OutboxTransactions } from './event-outbox-store.js'
import type { Logger } from './logger.js'

export interface OutboxRelayOptions {
  /** Pause between passes when the outbox is drained or Redis is unreachable. */
  intervalMs?: number
  /** Rows locked and queued per transaction. */
  batchSize?: number
  /** How long one pass waits for Redis to take the batch. */
  publishTimeoutMs?: number
}

export interface OutboxRelay {
  /** Runs a pass soon (after a change wrote to the outbox) instead of at the next tick. */
  wake: () => void
  /** Stops the loop and waits for the pass in progress. */
  stop: () => Promise<void>
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

function withTimeout(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<void>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`not queued within ${ms} ms`)), ms)
  })
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
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
  const intervalMs = options.intervalMs ?? 1_000
  const batchSize = options.batchSize ?? 100
  const publishTimeoutMs = options.publishTimeoutMs ?? 2_000
  const createPublisher = deps.createPublisher ?? createEventPublisher
  let publisher: EventPublisher | undefined
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let again = false
  let stopped = false
  let watching = false
  let outageLogged = false

  /** Queues one batch; the number of rows queued and whether the batch was full. */
  async function relayBatch(queue: EventPublisher): Promise<{ sent: number; full: boolean }> {
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
      return { sent: sent.length, full: pending.length === batchSize && failed.length === 0 }
    })
  }

  async function pass(): Promise<void> {
    const redis = deps.redis()
    if (!watching) {
      watching = true
      // Without a listener ioredis prints every failed reconnect; one line per outage is enough.
      redis.on('error', (err: unknown) => {
        if (!outageLogged) deps.logger.warn({ err }, 'Redis unreachable; events wait in the outbox')
        outageLogged = true
      })
      redis.on('ready', () => {
        if (outageLogged) deps.logger.info('Redis reachable again; relaying the outbox')
        outageLogged = false
        wake()
      })
    }
    // ioredis holds commands while it reconnects; wait for the connection rather than pile them up.
    if (redis.status !== 'ready') return
    publisher ??= createPublisher(redis)
    for (;;) {
      const { full } = await relayBatch(publisher)
      if (!full || stopped) return
    }
  }

  function schedule(delayMs: number): void {
    if (stopped) return
    clearTimeout(timer)
    timer = setTimeout(run, delayMs)
  }

  function run(): void {
    if (running) {
      again = true
      return
    }
    again = false
    running = pass()
      .catch((err: unknown) => deps.logger.error({ err }, 'event outbox relay pass failed'))
      .finally(() => {
        running = undefined
        schedule(again ? 0 : intervalMs)
      })
  }

  function wake(): void {
    if (running) again = true
    else schedule(0)
  }

  schedule(0)
  return {
    wake,
    stop: async () => {
      stopped = true
      clearTimeout(timer)
      await running
      await publisher?.close()
    },
  }
}
