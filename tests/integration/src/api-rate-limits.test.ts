import { randomInt } from 'node:crypto'
import { api, type ApiResponse } from './support/api'
import { createUserWithToken, type UserWithToken } from './support/factories'
import {
  replicaUnavailable,
  startGatewayReplica,
  type GatewayReplica,
} from './support/gateway-replica'
import { rootToken } from './support/suite-state'
import { describeUnless } from './support/skip'

// GitLab's user and IP rate limits (Rack::Attack throttle_authenticated_api and
// throttle_unauthenticated_api). The launcher's gateway runs with them off, as
// GitLab self-managed does; two more gateway replicas run with them on and must
// share one count through Redis.

const PERIOD = 3600
const USER_LIMIT = 4
const IP_LIMIT = 3
const THROTTLE_ENV = {
  THROTTLE_AUTHENTICATED_API_ENABLED: 'true',
  THROTTLE_AUTHENTICATED_API_REQUESTS_PER_PERIOD: String(USER_LIMIT),
  THROTTLE_AUTHENTICATED_API_PERIOD_IN_SECONDS: String(PERIOD),
  THROTTLE_UNAUTHENTICATED_API_ENABLED: 'true',
  THROTTLE_UNAUTHENTICATED_API_REQUESTS_PER_PERIOD: String(IP_LIMIT),
  THROTTLE_UNAUTHENTICATED_API_PERIOD_IN_SECONDS: String(PERIOD),
  // The test is the proxy: X-Forwarded-For names the client.
  TRUST_PROXY: 'loopback',
}

const describeWithReplicas = describeUnless(replicaUnavailable(), 'api-rate-limits.test.ts')

/** The RateLimit-* and Retry-After headers of an answer, by lower-case name. */
function rateLimitHeaders(res: ApiResponse): Record<string, string> {
  return Object.fromEntries(
    [...res.headers].filter(([name]) => /^ratelimit-|^retry-after$/.test(name)),
  )
}

/** Windows are aligned to the epoch: never start counting in the last seconds of one. */
async function awayFromWindowEnd(): Promise<void> {
  const left = PERIOD * 1000 - (Date.now() % (PERIOD * 1000))
  if (left < 20_000) await new Promise((done) => setTimeout(done, left + 100))
}

/** An address of TEST-NET-2 nobody else in this run uses. */
function clientAddress(): string {
  return `198.51.100.${randomInt(1, 255)}`
}

describeWithReplicas('API rate limits per user and per IP', () => {
  let a: GatewayReplica
  let b: GatewayReplica
  let alice: UserWithToken
  let bob: UserWithToken
  let carol: UserWithToken

  const on = (replica: GatewayReplica, path: string, headers: Record<string, string> = {}) =>
    api(`${replica.baseUrl}/api/v4${path}`, { headers })

  beforeAll(async () => {
    ;[alice, bob, carol] = [
      await createUserWithToken(),
      await createUserWithToken(),
      await createUserWithToken(),
    ]
    ;[a, b] = await Promise.all([
      startGatewayReplica(rootToken(), THROTTLE_ENV),
      startGatewayReplica(rootToken(), THROTTLE_ENV),
    ])
  }, 90_000)

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()])
  })

  it('counts a user once across replicas and refuses the request over the limit', async () => {
    await awayFromWindowEnd()
    const token = { 'PRIVATE-TOKEN': alice.token }
    const answers: ApiResponse[] = []
    for (const replica of [a, b, a, b]) answers.push(await on(replica, '/user', token))
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200])
    expect(answers.map((res) => res.headers.get('ratelimit-observed'))).toEqual([
      '1',
      '2',
      '3',
      '4',
    ])
    const reset = Number(answers[0]?.headers.get('ratelimit-reset'))
    expect(reset % PERIOD).toBe(0)
    expect(rateLimitHeaders(answers[3] as ApiResponse)).toEqual({
      'ratelimit-name': 'throttle_authenticated_api',
      // The quota per 60 seconds, rounded up: 4 an hour is 1 a minute.
      'ratelimit-limit': '1',
      'ratelimit-observed': '4',
      'ratelimit-remaining': '0',
      'ratelimit-reset': String(reset),
    })

    for (const replica of [a, b]) {
      const refused = await on(replica, '/user', token)
      expect(refused.status).toBe(429)
      expect(refused.headers.get('content-type')).toBe('text/plain')
      expect(refused.text).toBe('Retry later\n')
      const headers = rateLimitHeaders(refused)
      const retryAfter = Number(headers['retry-after'])
      expect(Math.abs(Date.now() / 1000 + retryAfter - reset)).toBeLessThanOrEqual(2)
      expect(headers).toEqual({
        'ratelimit-name': 'throttle_authenticated_api',
        'ratelimit-limit': '1',
        'ratelimit-observed': String(replica === a ? USER_LIMIT + 1 : USER_LIMIT + 2),
        'ratelimit-remaining': '0',
        'ratelimit-reset': String(reset),
        'ratelimit-resettime': new Date(reset * 1000).toUTCString(),
        'retry-after': String(retryAfter),
      })
    }
  })

  it('keeps a window per user: another user is not limited', async () => {
    const res = await on(b, '/user', { Authorization: `Bearer ${bob.token}` })
    expect(res.status).toBe(200)
    expect((res.body as { id: number }).id).toBe(bob.user.id)
    expect(res.headers.get('ratelimit-name')).toBe('throttle_authenticated_api')
    expect(res.headers.get('ratelimit-observed')).toBe('1')
  })

  it('counts anonymous requests per client address across replicas', async () => {
    await awayFromWindowEnd()
    const limited = clientAddress()
    const from = (replica: GatewayReplica, ip: string, headers: Record<string, string> = {}) =>
      on(replica, '/projects', { 'X-Forwarded-For': ip, ...headers })
    const statuses: number[] = []
    for (const replica of [a, b, a]) statuses.push((await from(replica, limited)).status)
    expect(statuses).toEqual([200, 200, 200])

    const refused = await from(b, limited)
    expect(refused.status).toBe(429)
    expect(refused.text).toBe('Retry later\n')
    expect(rateLimitHeaders(refused)).toMatchObject({
      'ratelimit-name': 'throttle_unauthenticated_api',
      'ratelimit-limit': '1',
      'ratelimit-observed': String(IP_LIMIT + 1),
      'ratelimit-remaining': '0',
    })
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)

    // Another address is not limited, nor is a user behind the limited one.
    let other = clientAddress()
    while (other === limited) other = clientAddress()
    const fromOther = await from(a, other)
    expect(fromOther.status).toBe(200)
    expect(fromOther.headers.get('ratelimit-observed')).toBe('1')
    const user = await from(a, limited, { 'PRIVATE-TOKEN': carol.token })
    expect(user.status).toBe(200)
    expect(user.headers.get('ratelimit-name')).toBe('throttle_authenticated_api')
  })

  it('sends no RateLimit headers where the limits are off, as by default', async () => {
    const authenticated = await api('/user', { token: rootToken() })
    const anonymous = await api('/projects')
    expect([authenticated.status, anonymous.status]).toEqual([200, 200])
    expect(rateLimitHeaders(authenticated)).toEqual({})
    expect(rateLimitHeaders(anonymous)).toEqual({})
  })
})
