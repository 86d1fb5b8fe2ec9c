import { status } from '@grpc/grpc-js'
import type { ListProjectsRequest } from '@suite/proto'
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

const identity = fakeIdentity({
  tokens: {
    authenticateToken: ({ token }) =>
      token === 'root'
        ? Promise.resolve({ user: rootFixture(), token: tokenFixture() })
        : Promise.reject(grpcError(status.UNAUTHENTICATED)),
  },
  users: { batchGetUsers: () => Promise.resolve({ users: [] }) },
})
const root = { 'PRIVATE-TOKEN': 'root' }

describe('GET /projects/:id', () => {
  it('answers a project the caller may not read 404 Project Not Found', async () => {
    gateway = await startGateway(identity, {
      projects: fakeProjects({ getProject: () => Promise.reject(grpcError(status.NOT_FOUND)) }),
    })
    const res = await fetch(`${gateway.url}/api/v4/projects/top%2Fsub%2Fteam-app`)
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ message: '404 Project Not Found' })
  })

  it('resolves a full path', async () => {
    const getProject = jest.fn(() => Promise.resolve({ project: projectFixture() }))
    gateway = await startGateway(identity, { projects: fakeProjects({ getProject }) })
    const res = await fetch(`${gateway.url}/api/v4/projects/top%2Fsub%2Fteam-app`, {
      headers: root,
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ id: 5, path_with_namespace: 'top/sub/team-app' })
    expect(getProject).toHaveBeenCalledWith(
      expect.objectContaining({ project: { fullPath: 'top/sub/team-app' } }),
    )
  })
})

describe('GET /projects', () => {
  it('sends only a rel="next" Link with keyset pagination', async () => {
    const listProjects = jest.fn((_req: ListProjectsRequest) =>
      Promise.resolve({
        projects: [projectFixture({ id: 1 }), projectFixture({ id: 2 })],
        pageInfo: undefined,
        nextCursor: 2,
      }),
    )
    gateway = await startGateway(identity, { projects: fakeProjects({ listProjects }) })
    const res = await fetch(
      `${gateway.url}/api/v4/projects?pagination=keyset&order_by=id&sort=asc&per_page=2`,
      { headers: root },
    )
    expect(res.status).toBe(200)
    expect(res.headers.get('x-total')).toBeNull()
    expect(res.headers.get('link')).toBe(
      '<https://gitlab.example.com/api/v4/projects?id_after=2&order_by=id&pagination=keyset&per_page=2&sort=asc>; rel="next"',
    )
    expect(listProjects.mock.calls[0]?.[0]).toMatchObject({ keyset: true, orderBy: 'id' })
  })

  it('lists simple fields to an anonymous caller', async () => {
    const listProjects = () =>
      Promise.resolve({
        projects: [projectFixture({ visibility: 'public' })],
        pageInfo: { total: 1 },
        nextCursor: undefined,
      })
    gateway = await startGateway(identity, { projects: fakeProjects({ listProjects }) })
    const res = await fetch(`${gateway.url}/api/v4/projects`)
    const body = (await res.json()) as Record<string, unknown>[]
    expect(res.headers.get('x-total')).toBe('1')
    expect(body[0]).not.toHaveProperty('permissions')
    expect(body[0]).not.toHaveProperty('visibility')
  })
})

describe('PUT /projects/:id', () => {
  it('needs at least one parameter', async () => {
    gateway = await startGateway(identity, {
      projects: fakeProjects({ getProject: () => Promise.resolve({ project: projectFixture() }) }),
    })
    const res = await fetch(`${gateway.url}/api/v4/projects/5`, { method: 'PUT', headers: root })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { error: string }).error).toMatch(
      /^name, path, .* are missing, at least one parameter must be provided$/,
    )
  })
})
