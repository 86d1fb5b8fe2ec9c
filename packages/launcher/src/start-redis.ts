import { mkdir } from 'node:fs/promises'
import type { Logger } from '@suite/runtime'
import type { LauncherConfig } from './config.js'
import { LOOPBACK } from './ports.js'
import { findOnPath, privateRedisArgs, probeRedis, redisUnavailableMessage } from './redis.js'
import type { Supervisor } from './supervisor.js'

const READY_TIMEOUT_MS = 10_000

/**
 * The Redis URL the suite uses: REDIS_URL if something answers there; else,
 * when REDIS_URL was not set and redis-server is installed, a private,
 * non-persistent redis-server that stops with the suite.
 */
export async function startRedis(
  config: LauncherConfig,
  supervisor: Supervisor,
  logger: Logger,
): Promise<string> {
  if (await probeRedis(config.redisUrl)) return config.redisUrl
  const redisServer = findOnPath('redis-server', config.inherited['PATH'])
  const unavailable = redisUnavailableMessage(config.redisUrl, config.redisUrlExplicit, redisServer)
  if (unavailable || !redisServer) throw new Error(unavailable)

  await mkdir(config.dataDir, { recursive: true })
  const { port, args } = await privateRedisArgs()
  const url = `redis://${LOOPBACK}:${port}`
  const child = supervisor.spawnBackend({
    name: 'redis-server',
    command: redisServer,
    args,
    env: config.inherited,
    cwd: config.dataDir,
    stdoutToStderr: true,
  })
  const deadline = Date.now() + READY_TIMEOUT_MS
  while (!(await probeRedis(url))) {
    if (!child.running || supervisor.stopping) return url
    if (Date.now() > deadline) throw new Error(`redis-server did not answer on ${url} in time`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  logger.info({ url }, 'started a private redis-server (no persistence); it stops with the suite')
  return url
}
