import { Redis } from 'ioredis'

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
