import { Writable } from 'node:stream'
import { status } from '@grpc/grpc-js'
import { pino } from 'pino'
import { fakeIdentity } from '../testing/fake-identity.js'
import { fakeProjects } from '../testing/fake-projects.js'
import { rootFixture, tokenFixture } from '../testing/fixtures.js'
import { grpcError } from '../testing/grpc-error.js'
import { projectFixture } from '../testing/project-fixture.js'
import { startGateway, type TestGateway } from '../testing/test-server.js'

let gateway: TestGateway | undefined
afterEach(async () => {
  await gateway?.close()
  gateway = undefined
})

const SECRET = 'glpat-very-secret-token'

const identity = fakeIdentity({
  tokens: {
    authenticateToken: ({ token }) =>
      token === SECRET
        ? Promise.resolve({ user: rootFixture(), token: tokenFixture() })
        : Promise.reject(grpcError(status.UNAUTHENTICATED)),
  },
  users: { batchGetUsers: () => Promise.resolve({ users: [] }) },
})

/** A real pino logger writing its JSON lines into an array. */
function capturingLogger() {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean))
      done()
    },
  })
  return { logger: pino({ level: 'info' }, stream), lines }
}

/** The access lines written so far; the line is written on 'finish', just after the answer. */
async function accessLines(lines: string[], count: number): Promise<Record<string, unknown>[]> {
  for (let i = 0; i < 50; i++) {
    const access = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line['msg'] === 'access')
    if (access.length >= count) return access
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error(`fewer than ${count} access lines in ${JSON.stringify(lines)}`)
}

describe('access log', () => {
  it('writes one line per request with the route template, caller, project and request id', async () => {
    const { logger, lines } = capturingLogger()
    const getProject = jest.fn(() => Promise.resolve({ project: projectFixture() }))
    gateway = await startGateway(identity, { logger, projects: fakeProjects({ getProject }) })
    const res = await fetch(
      `${gateway.url}/api/v4/projects/top%2Fsub%2Fteam-app?private_token=${SECRET}&statistics=false`,
      { headers: { 'X-Request-Id': 'req-42' } },
    )
    expect(res.status).toBe(200)
    await res.arrayBuffer()

    const [line] = await accessLines(lines, 1)
    expect(line).toMatchObject({
      method: 'GET',
      route: '/api/v4/projects/:id',
      status: 200,
      user_id: 1,
      username: 'root',
      project_id: 5,
      'meta.project': 'top/sub/team-app',
      correlation_id: 'req-42',
      request_id: 'req-42',
    })
    expect(typeof line?.['duration_s']).toBe('number')
    expect(line?.['duration_s']).toBeGreaterThanOrEqual(0)
    const all = lines.join('\n')
    expect(all).not.toContain(SECRET)
    expect(all).not.toContain('private_token')
    expect(all).not.toContain('team-app?')
  })

  it('logs an unmatched path as "unmatched" and a failed request without a user', async () => {
    const { logger, lines } = capturingLogger()
    gateway = await startGateway(identity, { logger })
    const res = await fetch(`${gateway.url}/api/v4/no/such/${SECRET}`)
    expect(res.status).toBe(404)
    await res.arrayBuffer()
    const bad = await fetch(`${gateway.url}/api/v4/user`, { headers: { 'PRIVATE-TOKEN': 'nope' } })
    expect(bad.status).toBe(401)
    await bad.arrayBuffer()

    const [unmatched, unauthorized] = await accessLines(lines, 2)
    expect(unmatched).toMatchObject({ method: 'GET', route: 'unmatched', status: 404 })
    expect(unauthorized).toMatchObject({ method: 'GET', route: '/api/v4/user', status: 401 })
    expect(unauthorized).not.toHaveProperty('user_id')
    expect(unauthorized?.['correlation_id']).toMatch(/^[0-9a-f-]{36}$/)
    expect(lines.join('\n')).not.toContain(SECRET)
  })
})
