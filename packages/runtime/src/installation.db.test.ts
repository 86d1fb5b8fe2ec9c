import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import {
  claimQueuePrefix,
  claimQueuePrefixAt,
  databaseInstallationId,
  InstallationError,
  installationKey,
  joinInstallation,
  queuePrefixFor,
  type Installation,
} from './installation.js'
import { createLogger } from './logger.js'
import { queuePrefix } from './queues.js'

// A real PostgreSQL and Redis, as the other *.db.test.ts files use them.
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
const prefix = `installation-test-${process.pid}-${randomBytes(3).toString('hex')}`
let redis: Redis

/** The admin URL with its database replaced. */
function onDatabase(name: string): string {
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return url.toString()
}

beforeAll(() => {
  redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 })
})

afterAll(async () => {
  await redis.del(installationKey(prefix))
  await redis.quit()
})

describe('databaseInstallationId', () => {
  it("names the server's system identifier and the database, the same on every read", async () => {
    const first = await databaseInstallationId(adminUrl)
    expect(first).toMatch(/^pg:\d+\/[^/]+$/)
    expect(await databaseInstallationId(adminUrl)).toBe(first)
  })

  it('differs between two databases of one server', async () => {
    const one = await databaseInstallationId(onDatabase('postgres'))
    const other = await databaseInstallationId(onDatabase('template1'))
    expect(one).not.toBe(other)
    expect(one.split('/')[0]).toBe(other.split('/')[0])
  })
})

describe('claimQueuePrefix', () => {
  const mine: Installation = { id: 'pg:1/a', prefix, prefixFrom: 'QUEUE_PREFIX' }
  const theirs: Installation = { id: 'pg:1/b', prefix, prefixFrom: 'QUEUE_PREFIX' }

  it('claims a free prefix, and accepts the same installation again', async () => {
    await claimQueuePrefix(redis, mine)
    expect(await redis.get(installationKey(prefix))).toBe('pg:1/a')
    await claimQueuePrefix(redis, mine)
    await claimQueuePrefixAt(redisUrl, mine)
    expect(await redis.ttl(installationKey(prefix))).toBe(-1)
  })

  it('refuses another installation, naming the variable, both installations and the way out', async () => {
    const refused = claimQueuePrefix(redis, theirs)
    await expect(refused).rejects.toBeInstanceOf(InstallationError)
    await expect(refused).rejects.toThrow(
      `QUEUE_PREFIX: the Redis key prefix "${prefix}" belongs to installation "pg:1/a", ` +
        'not to this one ("pg:1/b")',
    )
    await expect(claimQueuePrefixAt(redisUrl, theirs)).rejects.toBeInstanceOf(InstallationError)
    // The claim is untouched.
    expect(await redis.get(installationKey(prefix))).toBe('pg:1/a')
  })

  it('lets one of many concurrent installations win a free prefix, and only one', async () => {
    await redis.del(installationKey(prefix))
    const contenders = ['pg:1/a', 'pg:1/b', 'pg:1/c', 'pg:1/d'].map((id) =>
      claimQueuePrefix(redis, { id, prefix, prefixFrom: 'DATABASE_URL' }).then(
        () => id,
        () => null,
      ),
    )
    const winners = (await Promise.all(contenders)).filter((id) => id !== null)
    expect(winners).toHaveLength(1)
    expect(await redis.get(installationKey(prefix))).toBe(winners[0])
  })
})

describe('joinInstallation', () => {
  const logger = createLogger('installation-test', 'silent')

  it("makes the installation's prefix this process's queue prefix and claims it", async () => {
    const id = `test-${prefix}`
    const installation = await joinInstallation({ installationId: id }, redis, logger)
    expect(installation.prefix).toBe(queuePrefixFor(id))
    expect(queuePrefix()).toBe(queuePrefixFor(id))
    expect(await redis.get(installationKey(installation.prefix))).toBe(id)
    await redis.del(installationKey(installation.prefix))
  })

  it('does not hold the start up while Redis does not answer', async () => {
    const silent = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: null })
    silent.on('error', () => {})
    const started = Date.now()
    const installation = await joinInstallation(
      { installationId: 'unanswered' },
      silent,
      logger,
      200,
    )
    expect(Date.now() - started).toBeLessThan(2_000)
    expect(queuePrefix()).toBe(installation.prefix)
    silent.disconnect()
  })

  it('stops the process with one line when another installation holds the prefix', async () => {
    await redis.set(installationKey(prefix), 'pg:1/someone-else')
    const exit = jest.spyOn(process, 'exit').mockImplementation((code) => {
      throw new Error(`exit ${String(code)}`)
    })
    const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true)
    try {
      // The refusal comes from the claim's callback: the exit's throw surfaces as a rejection.
      await joinInstallation(
        { installationId: 'pg:1/me', queuePrefix: prefix },
        redis,
        logger,
      ).catch(() => undefined)
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(exit).toHaveBeenCalledWith(1)
      expect(stderr).toHaveBeenCalledWith(
        expect.stringMatching(/^invalid configuration: QUEUE_PREFIX: the Redis key prefix /),
      )
    } finally {
      exit.mockRestore()
      stderr.mockRestore()
    }
  })
})
