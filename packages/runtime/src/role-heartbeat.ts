import type { Redis } from 'ioredis'
import { hostname } from 'node:os'
import type { Logger } from './logger.js'
import { queuePrefix } from './queues.js'

/** How often a role says it is alive; a key lives three beats, so one late beat is no outage. */
export const HEARTBEAT_MS = 2_000

function keyPrefix(service: string, role: string): string {
  return `${queuePrefix()}:alive:${service}:${role}:`
}

/** The key one process of a role keeps alive: `<prefix>:alive:<service>:<role>:<host>:<pid>`. */
export function heartbeatKey(service: string, role: string, id = `${hostname()}:${process.pid}`) {
  return `${keyPrefix(service, role)}${id}`
}

/**
 * Keeps this process's heartbeat key in Redis while it runs, so that a role
 * without a port (a BullMQ worker) can be seen from elsewhere; returns what
 * stops it and deletes the key. A Redis that does not answer only delays
 * the beat.
 */
export function startHeartbeat(
  redis: Redis,
  service: string,
  role: string,
  logger: Logger,
): () => Promise<void> {
  const key = heartbeatKey(service, role)
  const beat = () =>
    redis.set(key, String(Date.now()), 'PX', HEARTBEAT_MS * 3).catch((err: unknown) => {
      logger.debug({ err }, 'heartbeat not written')
    })
  void beat()
  const timer = setInterval(() => void beat(), HEARTBEAT_MS)
  timer.unref()
  return async () => {
    clearInterval(timer)
    await redis.del(key).catch(() => undefined)
  }
}

/** Whether any process of the role has beaten within the last three beats. */
export async function roleAlive(redis: Redis, service: string, role: string): Promise<boolean> {
  let cursor = '0'
  do {
    const [next, keys] = await redis.scan(
      cursor,
      'MATCH',
      `${keyPrefix(service, role)}*`,
      'COUNT',
      200,
    )
    if (keys.length > 0) return true
    cursor = next
  } while (cursor !== '0')
  return false
}
