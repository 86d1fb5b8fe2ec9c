import type { WorkerOptions } from 'bullmq'
import { Redis } from 'ioredis'

/**
 * The lock settings of every BullMQ worker: a lock is renewed every 4 s, so a
 * job whose worker was killed is taken back by the next stalled check after
 * its lock lapsed, within about 12 s (BullMQ's defaults take up to a minute).
 * A job may stall a few times (restarts, deploys) before BullMQ gives up on it;
 * every processor is idempotent, so a job that runs twice records nothing new.
 */
export const WORKER_LOCK_OPTIONS = {
  lockDuration: 8_000,
  stalledInterval: 4_000,
  maxStalledCount: 5,
} as const satisfies Partial<WorkerOptions>

let activePrefix: string | undefined

/**
 * The Redis key prefix of this process's installation (installation.ts):
 * every queue, the change channel, heartbeats and rate limits live under it.
 * Set once at start by `joinInstallation`; unit tests that run no process
 * start set QUEUE_PREFIX instead.
 */
export function queuePrefix(): string {
  const prefix = activePrefix ?? process.env['QUEUE_PREFIX']
  if (!prefix) {
    throw new Error('the queue prefix was asked for before the installation was resolved')
  }
  return prefix
}

/** Makes `prefix` this process's queue prefix (once, at start). */
export function setQueuePrefix(prefix: string): void {
  activePrefix = prefix
}

/** An ioredis connection as BullMQ wants it (no per-command retry limit). */
export function createRedisConnection(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, lazyConnect: false })
}

/** Pings Redis with a short timeout, for readiness checks. */
export async function pingRedis(redis: Redis, timeoutMs = 1_000): Promise<boolean> {
  const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), timeoutMs))
  const ping = redis.ping().then(
    (reply) => reply === 'PONG',
    () => false,
  )
  return Promise.race([ping, timeout])
}
