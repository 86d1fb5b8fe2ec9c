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
      status: 'ready',
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

  it('answers the counted window for every request, under the threshold too', async () => {
    const limiter = createRateLimiter(() => redis)
    const first = await limiter.count(rule, ['counted'])
    const second = await limiter.count(rule, ['counted'])
    expect(first).toMatchObject({ name: 'pipelines_create', limit: 2, observed: 1 })
    expect(second?.observed).toBe(2)
    expect(second?.resetAt.getTime() ?? 0).toBe((Math.floor(Date.now() / 60_000) + 1) * 60_000)
    expect(await limiter.count({ ...rule, threshold: 0 }, ['counted'])).toBeUndefined()
  })

  it('lets a request through uncounted when Redis does not answer in time', async () => {
    const errors: unknown[] = []
    // A paused Redis (CLIENT PAUSE) takes the command and never answers.
    const paused = {
      status: 'ready',
      multi: () => ({
        incr: () => ({ pexpire: () => ({ exec: () => new Promise<never>(() => undefined) }) }),
      }),
    } as unknown as Redis
    const limiter = createRateLimiter(
      () => paused,
      (err) => errors.push(err),
      50,
    )
    const started = Date.now()
    expect(await limiter.count(rule, ['paused'])).toBeUndefined()
    await limiter.hit(rule, ['paused'])
    expect(Date.now() - started).toBeLessThan(1_000)
    // The second request did not wait: Redis failed moments ago.
    expect(errors).toHaveLength(2)
  })

  it('does not wait for a connection that is reconnecting', async () => {
    const errors: unknown[] = []
    const reconnecting = { status: 'reconnecting' } as unknown as Redis
    const limiter = createRateLimiter(
      () => reconnecting,
      (err) => errors.push(err),
    )
    expect(await limiter.count(rule, ['reconnecting'])).toBeUndefined()
    expect(errors).toHaveLength(1)
  })
})
