import { accessSync, constants } from 'node:fs'
import { connect } from 'node:net'
import { delimiter, join } from 'node:path'
import { redactUrl } from './database.js'
import { isPortFree, LOOPBACK, pickFreePort } from './ports.js'

const PRIVATE_PORT = 56379

/** Host and port of a redis:// URL (IPv6 brackets removed). */
export function redisAddress(url: string): { host: string; port: number } {
  const parsed = new URL(url)
  return {
    host: parsed.hostname.replace(/^\[(.*)\]$/, '$1') || LOOPBACK,
    port: parsed.port ? Number(parsed.port) : 6379,
  }
}

/**
 * Whether a Redis answers at url: PING gets any RESP reply (NOAUTH counts:
 * something is there). For rediss:// an open TCP port is taken as an answer.
 */
export function probeRedis(url: string, timeoutMs = 1_000): Promise<boolean> {
  const { host, port } = redisAddress(url)
  const tls = url.startsWith('rediss:')
  return new Promise((resolve) => {
    const socket = connect({ host, port })
    const done = (answer: boolean) => {
      socket.destroy()
      resolve(answer)
    }
    socket.setTimeout(timeoutMs, () => done(false))
    socket.once('error', () => done(false))
    socket.once('connect', () => (tls ? done(true) : socket.write('PING\r\n')))
    socket.once('data', (data) => done(/^[+-]/.test(data.toString('latin1'))))
  })
}

/** The first executable called `name` on PATH. */
export function findOnPath(name: string, path: string | undefined): string | undefined {
  for (const dir of (path ?? '').split(delimiter)) {
    if (!dir) continue
    const candidate = join(dir, name)
    try {
      accessSync(candidate, constants.X_OK)
      return candidate
    } catch {
      // Not here.
    }
  }
  return undefined
}

export const REDIS_HELP =
  'install Redis (apt-get install redis-server, brew install redis, ' +
  'or docker run -p 6379:6379 redis:7) and start it, or set REDIS_URL to a running one'

/** Why the suite cannot get a Redis, or undefined if it may start a private one. */
export function redisUnavailableMessage(
  url: string,
  explicit: boolean,
  redisServer: string | undefined,
): string | undefined {
  if (explicit)
    return `REDIS_URL: nothing answers at ${redactUrl(url)}; start Redis there or change REDIS_URL`
  if (!redisServer) return `Redis is needed and nothing answers at ${redactUrl(url)}: ${REDIS_HELP}`
  return undefined
}

/** The port and arguments of a private, non-persistent redis-server. */
export async function privateRedisArgs(): Promise<{ port: number; args: string[] }> {
  const port = (await isPortFree(PRIVATE_PORT)) ? PRIVATE_PORT : await pickFreePort()
  const args = ['--port', String(port), '--bind', LOOPBACK, '--save', '', '--appendonly', 'no']
  return { port, args: [...args, '--loglevel', 'warning'] }
}
