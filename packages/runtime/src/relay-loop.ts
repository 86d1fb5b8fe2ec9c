import type { Redis } from 'ioredis'
import type { Logger } from './logger.js'
import { runOutsideRequest } from './request-context.js'

/** A running outbox relay. */
export interface OutboxRelay {
  /** Runs a pass soon (after a change wrote to the outbox) instead of at the next tick. */
  wake: () => void
  /** Stops the loop and waits for the pass in progress. */
  stop: () => Promise<void>
}

/** What one kind of outbox does on a ready Redis connection. */
export interface RelaySession {
  /** Locks, queues and deletes one batch; true when it was full (there may be more). */
  relayBatch: () => Promise<boolean>
  close: () => Promise<void>
}

export interface RelayLoopDeps {
  logger: Logger
  /** The Redis connection (opened on first use). */
  redis: () => Redis
  /** What waits in the outbox while Redis is down, for the log ("events", "access facts"). */
  what: string
  /** Opens the queue producer on the first ready connection. */
  open: (redis: Redis) => RelaySession
  /** Pause between passes when the outbox is drained or Redis is unreachable. */
  intervalMs?: number
}

/** Rejects with `message` when `work` has not settled within `ms` (a paused Redis never answers). */
export function withTimeout<T>(
  work: Promise<T>,
  ms: number,
  message = `not queued within ${ms} ms`,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms)
  })
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}

/**
 * The loop every transactional outbox relay shares: a pass drains full
 * batches while Redis is ready, passes never overlap, a wake runs one soon,
 * and an outage is logged once and ends with a pass as soon as Redis is back.
 */
export function startRelayLoop(deps: RelayLoopDeps): OutboxRelay {
  const intervalMs = deps.intervalMs ?? 1_000
  let session: RelaySession | undefined
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let again = false
  let stopped = false
  let watching = false
  let outageLogged = false

  async function pass(): Promise<void> {
    const redis = deps.redis()
    if (!watching) {
      watching = true
      // Without a listener ioredis prints every failed reconnect; one line per outage is enough.
      redis.on('error', (err: unknown) => {
        if (!outageLogged)
          deps.logger.warn({ err }, `Redis unreachable; ${deps.what} wait in the outbox`)
        outageLogged = true
      })
      redis.on('ready', () => {
        if (outageLogged) deps.logger.info(`Redis reachable again; relaying ${deps.what}`)
        outageLogged = false
        wake()
      })
    }
    // ioredis holds commands while it reconnects; wait for the connection rather than pile them up.
    if (redis.status !== 'ready') return
    session ??= deps.open(redis)
    while (!stopped && (await session.relayBatch())) {
      // A full batch: there may be more.
    }
  }

  function schedule(delayMs: number): void {
    if (stopped) return
    clearTimeout(timer)
    // A wake comes from a request: the pass must not run, and end, as part of it.
    timer = runOutsideRequest(() => setTimeout(run, delayMs))
  }

  function run(): void {
    if (running) {
      again = true
      return
    }
    again = false
    running = pass()
      .catch((err: unknown) => deps.logger.error({ err }, `${deps.what} relay pass failed`))
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
      await session?.close()
    },
  }
}
