import { Redis } from 'ioredis'
import { RateLimitedError } from './errors.js'
import { createRateLimiter } from './rate-limiter.js'

// A real Redis (127.0.0.1:6379 unless TEST_REDIS_URL says otherwise), keys under a unique prefix.
const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
let redis: Redis

beforeAll(() => {
  process.env.QUEUE_PREFIX = `rate-limit-test-${process.pid}-${Date.now()}`
  redis = new Redis(url, { maxRetriesPerRequest: 1 })
})

afterAll(async () => {
  const keys = await redis.keys(`${process.env.QUEUE_PREFIX}:*`)
  if (keys.length > 0) await redis.del(...keys)
  await redis.quit()
})

const rule = { name: 'pipelines_create', threshold: 2, periodSeconds: 60 }

describe('createRateLimiter', () => {
  it('lets the threshold through per scope, then refuses with the window it counted', async () => {
    const limiter = createRateLimiter(() => redis)
    await limiter.hit(rule, [1, 5, 'abc'])
    await limiter.hit(rule, [1, 5, 'abc'])
    // Another scope counts on its own.
    await limiter.hit(rule, [1, 5, 'def'])
    const refused = await limiter.hit(rule, [1, 5, 'abc']).then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(refused).toBeInstanceOf(RateLimitedError)
    const state = (refused as RateLimitedError).state
    expect(state).toMatchObject({ name: 'pipelines_create', limit: 2, observed: 3 })
    expect(state.resetAt.getTime()).toBeGreaterThan(Date.now())
    expect(state.resetAt.getTime()).toBeLessThanOrEqual(Date.now() + 60_000)
  })

  it('counts nothing when the threshold is 0, and lets requests through without Redis', async () => {
    const limiter = createRateLimiter(() => redis)
    for (let i = 0; i < 5; i++) await limiter.hit({ ...rule, threshold: 0 }, ['off'])
    const errors: unknown[] = []
    // A connection that refuses every command, as ioredis does once it gave up.
    const down = {
      multi: () => {
        throw new Error('Connection is closed.')
      },
    } as unknown as Redis
    const failing = createRateLimiter(
      () => down,
      (err) => errors.push(err),
    )
    await failing.hit(rule, ['down'])
    expect(errors).toHaveLength(1)
  })
})
