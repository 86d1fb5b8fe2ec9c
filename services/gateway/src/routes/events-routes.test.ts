import { status } from '@grpc/grpc-js'
import type { Event, ListEventsRequest } from '@suite/proto'
import { fakeEvents } from '../testing/fake-events.js'
import { fakeIdentity, type FakeIdentityHandlers } from '../testing/fake-identity.js'
import { fakeProjects } from '../testing/fake-projects.js'
import { projectFixture } from '../testing/project-fixture.js'
import { rootFixture, tokenFixture, userFixture } from '../testing/fixtures.js'
import { grpcError } from '../testing/grpc-error.js'
import { startGateway, type TestGateway } from '../testing/test-server.js'

let gateway: TestGateway | undefined
afterEach(async () => {
  await gateway?.close()
  gateway = undefined
})

const joined: Event = {
  id: 7,
  projectId: 3,
  authorId: 2,
  action: 'joined',
  actionName: 'joined',
  targetType: undefined,
  targetId: undefined,
  targetIid: undefined,
  targetTitle: undefined,
  createdAt: new Date('2026-11-21T11:00:00.000Z'),
  pushData: undefined,
}

function identity(scopes: string[], extra: FakeIdentityHandlers = {}): FakeIdentityHandlers {
  return {
    tokens: {
      authenticateToken: ({ token }) =>
        token === 'root'
          ? Promise.resolve({ user: rootFixture(), token: tokenFixture({ scopes }) })
          : Promise.reject(grpcError(status.UNAUTHENTICATED)),
    },
    users: {
      batchGetUsers: () => Promise.resolve({ users: [userFixture()] }),
      getUser: ({ id }) =>
        id === 2
          ? Promise.resolve({ user: userFixture() })
          : Promise.reject(grpcError(status.NOT_FOUND)),
      listUsers: ({ username }) =>
        Promise.resolve({
          users: username === 'alice' ? [userFixture()] : [],
          pageInfo: { total: 0 },
        }),
    },
    ...extra,
  }
}

async function start(scopes: string[], requests: ListEventsRequest[]): Promise<string> {
  const events = fakeEvents({
    listEvents: (request) => {
      requests.push(request)
      return Promise.resolve({ events: [joined], pageInfo: { total: 1 } })
    },
  })
  const projects = fakeProjects({
    getProject: ({ project }) =>
      project?.id === 3 || project?.fullPath === 'group/sub/proj'
        ? Promise.resolve({ project: projectFixture({ id: 3 }) })
        : Promise.reject(grpcError(status.NOT_FOUND)),
  })
  gateway = await startGateway(fakeIdentity(identity(scopes)), { events, projects })
  return `${gateway.url}/api/v4`
}

const root = { 'PRIVATE-TOKEN': 'root' }

describe('GET /events', () => {
  it("lists the caller's events with the filters and pagination headers", async () => {
    const requests: ListEventsRequest[] = []
    const api = await start(['read_user'], requests)
    const res = await fetch(
      `${api}/events?action=joined&target_type=project&after=2026-11-01&sort=asc&per_page=5`,
      { headers: root },
    )
    expect(res.status).toBe(200)
    expect(res.headers.get('x-total')).toBe('1')
    expect(res.headers.get('x-per-page')).toBe('5')
    expect(await res.json()).toEqual([
      expect.objectContaining({ id: 7, action_name: 'joined', author_username: 'alice' }),
    ])
    expect(requests[0]).toMatchObject({
      authorId: 1,
      action: 'joined',
      targetType: 'project',
      after: '2026-11-01',
      sort: 'asc',
      page: { page: 1, perPage: 5 },
    })
  })

  it('needs a signed-in caller', async () => {
    const api = await start(['api'], [])
    expect((await fetch(`${api}/events`)).status).toBe(401)
  })

  it('refuses unknown actions and bad dates with 400', async () => {
    const api = await start(['api'], [])
    const bad = await fetch(`${api}/events?action=danced`, { headers: root })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toEqual({ error: 'action does not have a valid value' })
    const date = await fetch(`${api}/events?before=someday`, { headers: root })
    expect(date.status).toBe(400)
  })

  it('refuses a token without read_user, read_api or api', async () => {
    const api = await start(['read_repository'], [])
    const res = await fetch(`${api}/events`, { headers: root })
    expect(res.status).toBe(403)
    expect(await res.json()).toMatchObject({ error: 'insufficient_scope' })
  })
})

describe('GET /users/:id/events', () => {
  it('finds the user by id or username', async () => {
    const requests: ListEventsRequest[] = []
    const api = await start(['api'], requests)
    expect((await fetch(`${api}/users/2/events`, { headers: root })).status).toBe(200)
    expect((await fetch(`${api}/users/alice/events`, { headers: root })).status).toBe(200)
    expect(requests.map((request) => request.authorId)).toEqual([2, 2])
  })

  it('answers 404 User Not Found for an unknown user', async () => {
    const api = await start(['api'], [])
    for (const id of ['99', 'nobody']) {
      const res = await fetch(`${api}/users/${id}/events`, { headers: root })
      expect(res.status).toBe(404)
      expect(await res.json()).toEqual({ message: '404 User Not Found' })
    }
  })
})

describe('GET /projects/:id/events', () => {
  it('lists the events of the project named by id or full path', async () => {
    const requests: ListEventsRequest[] = []
    const api = await start(['read_user'], requests)
    for (const id of ['3', 'group%2Fsub%2Fproj']) {
      const res = await fetch(`${api}/projects/${id}/events?target_type=issue`, { headers: root })
      expect(res.status).toBe(200)
    }
    expect(requests.map((request) => [request.projectId, request.targetType])).toEqual([
      [3, 'issue'],
      [3, 'issue'],
    ])
  })

  it('answers 404 Project Not Found for a project the caller may not read', async () => {
    const api = await start(['api'], [])
    const res = await fetch(`${api}/projects/8/events`)
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ message: '404 Project Not Found' })
  })
})
