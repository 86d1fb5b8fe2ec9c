import { status } from '@grpc/grpc-js'
import type { AuthenticateTokenResponse } from '@suite/proto'
import { fakeIdentity } from '../testing/fake-identity.js'
import { fakeRedis } from '../testing/fake-redis.js'
import { tokenFixture, userFixture } from '../testing/fixtures.js'
import { grpcError } from '../testing/grpc-error.js'
import { startGateway, type TestGateway } from '../testing/test-server.js'
import { chooseThrottle, type ApiThrottleSettings } from './api-throttles.js'

const OFF = { enabled: false, requestsPerPeriod: 1, periodSeconds: 60 }
const ON = { enabled: true, requestsPerPeriod: 2, periodSeconds: 60 }

function settings(overrides: Partial<ApiThrottleSettings> = {}): ApiThrottleSettings {
  return { authenticatedApi: OFF, unauthenticatedApi: OFF, ...overrides }
}

describe('chooseThrottle (Gitlab::RackAttack::Request)', () => {
  const both = settings({ authenticatedApi: ON, unauthenticatedApi: ON })

  it('counts a user under throttle_authenticated_api by user id', () => {
    expect(chooseThrottle('/api/v4/projects', { userId: 7 }, '10.0.0.1', both)).toEqual({
      rule: { name: 'throttle_authenticated_api', threshold: 2, periodSeconds: 60 },
      scope: ['user:7'],
    })
  })

  it('counts an anonymous request under throttle_unauthenticated_api by address', () => {
    expect(chooseThrottle('/api/v4/projects', 'anonymous', '10.0.0.1', both)).toEqual({
      rule: { name: 'throttle_unauthenticated_api', threshold: 2, periodSeconds: 60 },
      scope: ['10.0.0.1'],
    })
  })

  it('never counts a known user per address, nor anything outside /api', () => {
    const onlyIp = settings({ unauthenticatedApi: ON })
    expect(chooseThrottle('/api/v4/user', { userId: 7 }, '10.0.0.1', onlyIp)).toBeUndefined()
    expect(chooseThrottle('/group/project.git/info/refs', 'anonymous', '::1', both)).toBeUndefined()
    expect(chooseThrottle('/-/health', 'anonymous', '::1', both)).toBeUndefined()
  })

  it('counts nothing when the throttle is off or the requester could not be told', () => {
    const onlyUser = settings({ authenticatedApi: ON })
    expect(chooseThrottle('/api/v4/user', 'anonymous', '10.0.0.1', onlyUser)).toBeUndefined()
    expect(chooseThrottle('/api/v4/user', 'unknown', '10.0.0.1', both)).toBeUndefined()
  })
})

const USERS: Record<string, number> = { 'alice-token': 2, 'bob-token': 3 }

const identity = fakeIdentity({
  tokens: {
    authenticateToken: ({ token }): Promise<AuthenticateTokenResponse> => {
      const id = USERS[token]
      if (id === undefined) return Promise.reject(grpcError(status.UNAUTHENTICATED))
      return Promise.resolve({
        user: userFixture({ id }),
        token: tokenFixture({ userId: id, scopes: ['api'] }),
      })
    },
  },
  users: {
    getUser: ({ id }) => Promise.resolve({ user: userFixture({ id }) }),
  },
})

let gateway: TestGateway | undefined
afterEach(async () => {
  await gateway?.close()
  gateway = undefined
})

async function start(throttles: ApiThrottleSettings, redis = fakeRedis()) {
  gateway = await startGateway(identity, {
    throttles: { settings: throttles, redis: redis.redis },
    trustProxy: ['loopback'],
  })
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${gateway?.url}${path}`, { headers })
  return { get, redis, registry: gateway.registry }
}

function rateLimitHeaders(res: Response): Record<string, string> {
  return Object.fromEntries(
    [...res.headers].filter(([name]) => /^ratelimit-|^retry-after$/.test(name)),
  )
}

describe('the API throttles over HTTP', () => {
  it('sends the window on every counted request and refuses the one over the limit', async () => {
    const { get } = await start(settings({ authenticatedApi: ON }))
    const alice = { 'PRIVATE-TOKEN': 'alice-token' }
    const first = await get('/api/v4/user', alice)
    const second = await get('/api/v4/user', alice)
    expect(first.status).toBe(200)
    const reset = Number(first.headers.get('ratelimit-reset'))
    expect(reset % 60).toBe(0)
    expect(rateLimitHeaders(first)).toEqual({
      'ratelimit-name': 'throttle_authenticated_api',
      'ratelimit-limit': '2',
      'ratelimit-observed': '1',
      'ratelimit-remaining': '1',
      'ratelimit-reset': String(reset),
    })
    expect(second.headers.get('ratelimit-remaining')).toBe('0')

    const refused = await get('/api/v4/user', alice)
    expect(refused.status).toBe(429)
    expect(refused.headers.get('content-type')).toBe('text/plain')
    expect(await refused.text()).toBe('Retry later\n')
    const headers = rateLimitHeaders(refused)
    const retryAfter = Number(headers['retry-after'])
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect(Math.abs(Date.now() / 1000 + retryAfter - reset)).toBeLessThanOrEqual(2)
    expect(headers).toEqual({
      'ratelimit-name': 'throttle_authenticated_api',
      'ratelimit-limit': '2',
      'ratelimit-observed': '3',
      'ratelimit-remaining': '0',
      'ratelimit-reset': String(reset),
      'ratelimit-resettime': new Date(reset * 1000).toUTCString(),
      'retry-after': headers['retry-after'],
    })

    // Another user has a window of its own.
    const bob = await get('/api/v4/user', { Authorization: 'Bearer bob-token' })
    expect(bob.status).toBe(200)
    expect(bob.headers.get('ratelimit-observed')).toBe('1')
  })

  it('counts the token of the query string, and states the limit per minute', async () => {
    const hourly = { enabled: true, requestsPerPeriod: 7200, periodSeconds: 3600 }
    const { get } = await start(settings({ authenticatedApi: hourly }))
    const res = await get('/api/v4/user?private_token=alice-token')
    expect(res.status).toBe(200)
    expect(res.headers.get('ratelimit-limit')).toBe('120')
    expect(res.headers.get('ratelimit-remaining')).toBe('7199')
    expect(Number(res.headers.get('ratelimit-reset')) % 3600).toBe(0)
  })

  it('counts anonymous requests and refused tokens per client address', async () => {
    const { get } = await start(settings({ unauthenticatedApi: ON }))
    const from = (ip: string, headers: Record<string, string> = {}) =>
      get('/api/v4/nothing', { 'X-Forwarded-For': ip, ...headers })
    expect((await from('203.0.113.5')).status).toBe(404)
    const refusedToken = await get('/api/v4/user', {
      'X-Forwarded-For': '203.0.113.5',
      'PRIVATE-TOKEN': 'revoked',
    })
    expect(refusedToken.status).toBe(401)
    expect(refusedToken.headers.get('ratelimit-name')).toBe('throttle_unauthenticated_api')
    expect(refusedToken.headers.get('ratelimit-observed')).toBe('2')
    const over = await from('203.0.113.5')
    expect(over.status).toBe(429)
    expect(await over.text()).toBe('Retry later\n')
    // Another address, and a user from the same address, are not limited.
    expect((await from('203.0.113.6')).status).toBe(404)
    const alice = await from('203.0.113.5', { 'PRIVATE-TOKEN': 'alice-token' })
    expect(alice.status).toBe(404)
    expect(rateLimitHeaders(alice)).toEqual({})
  })

  it('lets requests through uncounted when Redis fails, and counts them in a metric', async () => {
    const redis = fakeRedis()
    redis.fail = true
    const { get, registry } = await start(settings({ authenticatedApi: ON }), redis)
    for (let i = 0; i < 4; i++) {
      const res = await get('/api/v4/user', { 'PRIVATE-TOKEN': 'alice-token' })
      expect(res.status).toBe(200)
      expect(rateLimitHeaders(res)).toEqual({})
    }
    const metric = await registry.getSingleMetricAsString('api_throttle_uncounted_total')
    expect(metric).toMatch(/api_throttle_uncounted_total(\{[^}]*\})? 4$/m)
  })

  it('counts nothing and sends no headers when every throttle is off', async () => {
    const redis = fakeRedis()
    const { get } = await start(settings(), redis)
    const res = await get('/api/v4/user', { 'PRIVATE-TOKEN': 'alice-token' })
    expect(res.status).toBe(200)
    expect(rateLimitHeaders(res)).toEqual({})
    expect(redis.counts.size).toBe(0)
  })

  it('leaves probes and metrics out of the count', async () => {
    const redis = fakeRedis()
    const { get } = await start(settings({ unauthenticatedApi: ON }), redis)
    await get('/-/liveness')
    await get('/metrics')
    expect(redis.counts.size).toBe(0)
  })
})
