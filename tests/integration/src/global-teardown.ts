import { Redis } from 'ioredis'
import { removeSuiteData, say } from './support/launch-suite'
import { stopProcess, tail } from './support/processes'
import { stopSharedBalancer } from './support/shared-suite'
import { ENV_STATE_FILE, readSuiteState } from './support/suite-state'

/**
 * Deletes this run's BullMQ keys (`<prefix>:*`) from the shared Redis; a
 * private redis-server the launcher started is gone already, so an
 * unreachable Redis is not an error.
 */
async function removeQueueKeys(prefix: string): Promise<void> {
  const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    retryStrategy: () => null,
  })
  try {
    await redis.connect()
    let cursor = '0'
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000)
      if (keys.length > 0) await redis.unlink(...keys)
      cursor = next
    } while (cursor !== '0')
  } catch {
    // Nothing to clean where nothing answers.
  } finally {
    redis.disconnect()
  }
}

/**
 * Stops the balancer and the suite global-setup started (SIGTERM, SIGKILL after 15 s), drops
 * its database and queue keys and removes its temporary directory. Jest needs the default export.
 */
export default async function globalTeardown(): Promise<void> {
  await stopSharedBalancer()
  const stateFile = process.env[ENV_STATE_FILE]
  if (!stateFile) return
  const state = readSuiteState(stateFile)

  if (state.pid !== null) {
    const clean = await stopProcess(state.pid)
    if (!clean) {
      say(
        `the launcher ignored SIGTERM for 15 s and was killed; its log:\n${tail(state.logFile ?? '')}`,
      )
    }
  }
  if (state.queuePrefix) await removeQueueKeys(state.queuePrefix)
  await removeSuiteData(state)
  delete process.env[ENV_STATE_FILE]
}
