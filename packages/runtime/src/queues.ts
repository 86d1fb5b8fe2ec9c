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

/** Key prefix for BullMQ queues; a test run can isolate itself with its own. */
export function queuePrefix(): string {
  return process.env['QUEUE_PREFIX'] || 'bull'
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
