import { status } from '@grpc/grpc-js'
import { createLogger } from '@suite/runtime'
import { fakeIdentity, type FakeIdentityHandlers } from './testing/fake-identity.js'
import { rootFixture, tokenFixture } from './testing/fixtures.js'
import { grpcError } from './testing/grpc-error.js'
import { startGateway, type TestGateway, type TestGatewayOptions } from './testing/test-server.js'

let gateway: TestGateway | undefined

async function start(handlers: FakeIdentityHandlers = {}, options: TestGatewayOptions = {}) {
  gateway = await startGateway(fakeIdentity(handlers), options)
  return gateway
}

afterEach(async () => {
  await gateway?.close()
  gateway = undefined
})

const asRoot: FakeIdentityHandlers = {
  tokens: {
    authenticateToken: () => Promise.resolve({ user: rootFixture(), token: tokenFixture() }),
  },
}

describe('HTTP behaviour of the gateway', () => {
  it('answers an unknown route 404 {"error":"404 Not Found"} as exactly application/json', async () => {
    const { url } = await start()
    const res = await fetch(`${url}/api/v4/nothing/here`)
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toBe('application/json')
    expect(await res.json()).toEqual({ error: '404 Not Found' })
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('echoes the X-Request-Id it was given', async () => {
    const { url } = await start()
    const res = await fetch(`${url}/api/v4/nothing`, { headers: { 'X-Request-Id': 'abc-123' } })
    expect(res.headers.get('x-request-id')).toBe('abc-123')
  })

  it('answers another method on a known path 405', async () => {
    const { url } = await start()
    const res = await fetch(`${url}/api/v4/users/1`, { method: 'PATCH' })
    expect(res.status).toBe(405)
    expect(await res.json()).toEqual({ error: '405 Not Allowed' })
  })

  it('does not match a route whose requirement fails (/users/abc)', async () => {
    const { url } = await start()
    const res = await fetch(`${url}/api/v4/users/abc`)
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ error: '404 Not Found' })
  })

  it('answers a malformed JSON body 400', async () => {
    const { url } = await start(asRoot)
    const res = await fetch(`${url}/api/v4/groups`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'PRIVATE-TOKEN': 'secret' },
      body: '{"name": ',
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: 'message body does not match declared format' })
  })

  it('answers 503 when a service is unavailable and 500 without details otherwise', async () => {
    const errors: unknown[] = []
    const logger = createLogger('gateway', 'error')
    jest.spyOn(logger, 'error').mockImplementation((obj: unknown) => void errors.push(obj))
    const { url } = await start(
      {
        ...asRoot,
        users: {
          getUser: ({ id }) =>
            Promise.reject(
              grpcError(id === 1 ? status.UNAVAILABLE : status.INTERNAL, { message: 'secret' }),
            ),
        },
      },
      { logger },
    )
    const headers = { 'PRIVATE-TOKEN': 'secret' }
    const unavailable = await fetch(`${url}/api/v4/users/1`, { headers })
    expect(unavailable.status).toBe(503)
    expect(await unavailable.json()).toEqual({ message: '503 Service Unavailable' })
    const internal = await fetch(`${url}/api/v4/users/2`, { headers })
    expect(internal.status).toBe(500)
    expect(await internal.text()).toBe('{"message":"500 Internal Server Error"}')
    expect(errors).toHaveLength(2)
  })

  it('labels metrics with the route template, never the raw path', async () => {
    const { url, registry } = await start({
      tokens: { authenticateToken: () => Promise.reject(grpcError(status.UNAUTHENTICATED)) },
    })
    await fetch(`${url}/api/v4/users/42`, { headers: { 'PRIVATE-TOKEN': 'bad' } })
    await fetch(`${url}/api/v4/no/such/route`)
    const text = await registry.metrics()
    expect(text).toContain(
      'http_requests_total{method="GET",route="/api/v4/users/:id",status="401",service="gateway"} 1',
    )
    expect(text).toContain('route="unmatched",status="404"')
    expect(text).not.toContain('/api/v4/users/42')
    expect(text).toContain('http_request_duration_seconds_bucket')
  })

  it('serves /metrics and the probes', async () => {
    const { url } = await start(
      {},
      {
        readiness: [
          { name: 'gateway', check: () => Promise.resolve(true), gateway: true },
          { name: 'identity', check: () => Promise.resolve(true) },
          { name: 'merge-requests', check: () => Promise.resolve(false) },
          { name: 'db', check: () => Promise.reject(new Error('down')) },
        ],
      },
    )
    expect(await (await fetch(`${url}/-/health`)).text()).toBe('GitLab OK')
    expect(await (await fetch(`${url}/-/liveness`)).json()).toEqual({ status: 'ok' })
    // The gateway's own checks only: a dead domain leaves it ready.
    const own = await fetch(`${url}/-/readiness`)
    expect(own.status).toBe(200)
    expect(await own.json()).toEqual({ status: 'ok', gateway_check: [{ status: 'ok' }] })
    const readiness = await fetch(`${url}/-/readiness?all=1`)
    expect(readiness.status).toBe(503)
    expect(await readiness.json()).toEqual({
      status: 'failed',
      gateway_check: [{ status: 'ok' }],
      identity_check: [{ status: 'ok' }],
      merge_requests_check: [{ status: 'failed' }],
      db_check: [{ status: 'failed' }],
    })
    const metrics = await fetch(`${url}/metrics`)
    expect(metrics.headers.get('content-type')).toContain('text/plain')
    expect(await metrics.text()).toContain('process_cpu_user_seconds_total')
  })
})
