import { status } from '@grpc/grpc-js'
import type { NotifyAlertsRequest } from '@suite/proto'
import { fakeAlerting } from '../testing/fake-alerting.js'
import { fakeIdentity } from '../testing/fake-identity.js'
import { grpcError } from '../testing/grpc-error.js'
import { startGateway, type TestGateway } from '../testing/test-server.js'

const KEY = '0123456789abcdef0123456789abcdef'
const URL_PATH = '/top/app/alerts/notify/grafana/abc123.json'

let gateway: TestGateway
const requests: NotifyAlertsRequest[] = []
let failWith: ReturnType<typeof grpcError> | undefined

beforeAll(async () => {
  gateway = await startGateway(fakeIdentity({}), {
    alerting: fakeAlerting({
      ingestion: {
        notifyAlerts: (request: NotifyAlertsRequest) => {
          requests.push(request)
          if (failWith) return Promise.reject(failWith)
          return Promise.resolve({ alerts: [{ iid: 1, title: 'Disk full' }] })
        },
      },
    }),
  })
})

afterAll(() => gateway.close())

beforeEach(() => {
  requests.length = 0
  failWith = undefined
})

function post(path: string, body: string, headers: Record<string, string> = {}) {
  return fetch(`${gateway.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body,
  })
}

describe('POST /<full_path>/alerts/notify...', () => {
  it('hands the payload and the key over and answers [{iid, title}]', async () => {
    const body = JSON.stringify({ title: 'Disk full' })
    const res = await post(URL_PATH, body, { Authorization: `Bearer ${KEY}` })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/json')
    expect(res.headers.get('cache-control')).toBe('no-cache')
    expect(await res.json()).toEqual([{ iid: 1, title: 'Disk full' }])
    expect(requests).toEqual([
      {
        projectFullPath: 'top/app',
        type: 'http',
        endpointIdentifier: 'abc123',
        key: KEY,
        payloadJson: body,
      },
    ])
    const basic = `Basic ${Buffer.from(`:${KEY}`).toString('base64')}`
    await post('/top/app/prometheus/alerts/notify.json', '{}', { Authorization: basic })
    expect(requests[1]).toMatchObject({ type: 'prometheus', endpointIdentifier: '', key: KEY })
  })

  it('refuses too large, too deep, not JSON or not an object (400) without calling the service', async () => {
    const big = JSON.stringify({ title: 'x'.repeat(1024 * 1024) })
    const deep = `${'['.repeat(101)}${']'.repeat(101)}`
    for (const body of [big, `{"a":${deep}}`, 'title=x', '[]', '"x"']) {
      const res = await post(URL_PATH, body, { Authorization: `Bearer ${KEY}` })
      expect(res.status).toBe(400)
      expect(await res.text()).toBe('')
    }
    expect(requests).toEqual([])
  })

  it.each([
    [status.UNAUTHENTICATED, 401],
    [status.PERMISSION_DENIED, 403],
    [status.NOT_FOUND, 404],
    [status.INVALID_ARGUMENT, 400],
  ])('answers gRPC %s with a bodiless %s, as GitLab heads it', async (code, httpStatus) => {
    failWith = grpcError(code)
    const res = await post(URL_PATH, '{}')
    expect(res.status).toBe(httpStatus)
    expect(await res.text()).toBe('')
  })

  it('answers 422, 429 with the rate limit headers, 503 with its JSON body', async () => {
    failWith = grpcError(status.FAILED_PRECONDITION, { reason: 'unprocessable_entity' })
    expect((await post(URL_PATH, '{}')).status).toBe(422)
    failWith = grpcError(status.RESOURCE_EXHAUSTED, {
      rateLimit: {
        name: 'alert_management_notify',
        limit: 3600,
        observed: 3601,
        resetInSeconds: 60,
        resetAt: undefined,
      },
    })
    const throttled = await post(URL_PATH, '{}')
    expect(throttled.status).toBe(429)
    expect(throttled.headers.get('retry-after')).toBe('60')
    expect(throttled.headers.get('ratelimit-limit')).toBe('3600')
    failWith = grpcError(status.UNAVAILABLE)
    const down = await post(URL_PATH, '{}')
    expect(down.status).toBe(503)
    expect(await down.json()).toEqual({ message: '503 Service Unavailable' })
  })

  it('leaves other methods and paths to the rest of the app (404)', async () => {
    expect((await fetch(`${gateway.url}${URL_PATH}`)).status).toBe(404)
    expect((await post('/single/alerts/notify.json', '{}')).status).toBe(404)
    expect(requests).toEqual([])
  })
})
