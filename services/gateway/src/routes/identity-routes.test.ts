import { status } from '@grpc/grpc-js'
import type { CreateGroupRequest, GetGroupRequest, ListGroupsRequest } from '@suite/proto'
import { fakeIdentity, type FakeIdentityHandlers } from '../testing/fake-identity.js'
import { groupFixture, rootFixture, tokenFixture, userFixture } from '../testing/fixtures.js'
import { grpcError } from '../testing/grpc-error.js'
import { startGateway, type TestGateway } from '../testing/test-server.js'

let gateway: TestGateway | undefined
afterEach(async () => {
  await gateway?.close()
  gateway = undefined
})

async function start(handlers: FakeIdentityHandlers): Promise<string> {
  gateway = await startGateway(fakeIdentity(handlers))
  return `${gateway.url}/api/v4`
}

/** Token "root" is root with the given scopes, "alice" a user with api; others are refused. */
function tokens(rootScopes = ['api']): FakeIdentityHandlers['tokens'] {
  return {
    authenticateToken: ({ token }) => {
      if (token === 'root') {
        return Promise.resolve({ user: rootFixture(), token: tokenFixture({ scopes: rootScopes }) })
      }
      if (token === 'alice') return Promise.resolve({ user: userFixture(), token: tokenFixture() })
      return Promise.reject(grpcError(status.UNAUTHENTICATED))
    },
  }
}

const root = { 'PRIVATE-TOKEN': 'root' }

describe('authentication and scopes', () => {
  it('answers a bad token 401 and no token on GET /user 401', async () => {
    const api = await start({ tokens: tokens() })
    const bad = await fetch(`${api}/user`, { headers: { Authorization: 'Bearer nope' } })
    expect(bad.status).toBe(401)
    expect(await bad.json()).toEqual({ message: '401 Unauthorized' })
    expect((await fetch(`${api}/user`)).status).toBe(401)
  })

  it('refuses a write with a read_api token with GitLab insufficient_scope body', async () => {
    const api = await start({ tokens: tokens(['read_api']) })
    const res = await fetch(`${api}/groups`, { method: 'POST', headers: root })
    expect(res.status).toBe(403)
    expect(await res.json()).toEqual({
      error: 'insufficient_scope',
      error_description:
        'The request requires higher privileges than provided by the access token.',
      scope: 'api read_api',
    })
  })

  it('lets read_user read /user but not /groups', async () => {
    const getUser = jest.fn(() => Promise.resolve({ user: rootFixture() }))
    const api = await start({ tokens: tokens(['read_user']), users: { getUser } })
    const user = await fetch(`${api}/user?private_token=root`)
    expect(user.status).toBe(200)
    expect(await user.json()).toMatchObject({ id: 1, is_admin: true })
    const groups = await fetch(`${api}/groups`, { headers: root })
    expect(groups.status).toBe(403)
    expect(await groups.json()).toMatchObject({ scope: 'api read_api' })
  })

  it('caches a token and forgets it when it revokes itself', async () => {
    const authenticateToken = jest.fn(tokens()?.authenticateToken)
    const revokePersonalAccessToken = jest.fn(() => Promise.resolve({}))
    const api = await start({
      tokens: { authenticateToken, revokePersonalAccessToken },
      users: { getUser: () => Promise.resolve({ user: rootFixture() }) },
    })
    expect((await fetch(`${api}/user`, { headers: root })).status).toBe(200)
    expect((await fetch(`${api}/user`, { headers: root })).status).toBe(200)
    expect(authenticateToken).toHaveBeenCalledTimes(1)
    const revoke = await fetch(`${api}/personal_access_tokens/self`, {
      method: 'DELETE',
      headers: root,
    })
    expect(revoke.status).toBe(204)
    expect(await revoke.text()).toBe('')
    expect(revokePersonalAccessToken).toHaveBeenCalledWith(expect.objectContaining({ id: 5 }))
    await fetch(`${api}/user`, { headers: root })
    expect(authenticateToken).toHaveBeenCalledTimes(2)
  })

  it('applies GitLab anonymous rules on /users', async () => {
    const api = await start({})
    const list = await fetch(`${api}/users`)
    expect(list.status).toBe(403)
    expect(await list.json()).toEqual({
      message: '403 Forbidden - Not authorized to access /api/v4/users',
    })
    const one = await fetch(`${api}/users/2`)
    expect(await one.json()).toEqual({ message: '403 Forbidden - Not authorized!' })
  })
})

describe('parameters and answers', () => {
  it('rejects missing parameters with Grape messages and creates with 201 from a form', async () => {
    const createGroup = jest.fn((request: CreateGroupRequest) =>
      Promise.resolve({ group: groupFixture({ name: request.name, path: request.path }) }),
    )
    const api = await start({ tokens: tokens(), groups: { createGroup } })
    const missing = await fetch(`${api}/groups`, { method: 'POST', headers: root })
    expect(missing.status).toBe(400)
    expect(await missing.json()).toEqual({ error: 'name is missing, path is missing' })
    const created = await fetch(`${api}/groups`, {
      method: 'POST',
      headers: { ...root, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'name=Parent&path=parent&lfs_enabled=True&emails_disabled=yes&visibility=public',
    })
    expect(created.status).toBe(201)
    expect(created.headers.get('content-type')).toBe('application/json')
    expect(await created.json()).toMatchObject({ name: 'Parent', projects: [] })
    expect(createGroup).toHaveBeenCalledWith(
      expect.objectContaining({ lfsEnabled: true, emailsEnabled: false, visibility: 'public' }),
    )
  })

  it('reads a URL-encoded group path as one :id', async () => {
    const getGroup = jest.fn((request: GetGroupRequest) => {
      void request
      return Promise.resolve({ group: groupFixture({ fullPath: 'parent/child', parentId: 9 }) })
    })
    const api = await start({
      groups: { getGroup },
      GroupLinkService: { listGroupLinks: () => Promise.resolve({ sharedWithGroups: [] }) },
    })
    const res = await fetch(`${api}/groups/parent%2Fchild?with_projects=false`)
    expect(res.status).toBe(200)
    expect(getGroup.mock.calls[0]?.[0].group).toEqual({ fullPath: 'parent/child' })
    expect(await res.json()).toMatchObject({
      web_url: 'https://gitlab.example.com/groups/parent/child',
    })
  })

  it('pages a list with GitLab headers carrying every filter', async () => {
    const listGroups = jest.fn((request: ListGroupsRequest) => {
      void request
      return Promise.resolve({ groups: [groupFixture()], pageInfo: { total: 5 } })
    })
    const api = await start({ groups: { listGroups } })
    const res = await fetch(`${api}/groups?search=par&skip_groups[]=3&page=2&per_page=2`)
    expect(res.status).toBe(200)
    expect(listGroups.mock.calls[0]?.[0]).toMatchObject({
      page: { page: 2, perPage: 2 },
      search: 'par',
      skipGroups: [3],
    })
    const base = 'https://gitlab.example.com/api/v4/groups'
    const link = (page: number) =>
      `<${base}?page=${page}&per_page=2&search=par&skip_groups%5B%5D=3>`
    expect(Object.fromEntries(res.headers)).toMatchObject({
      'x-total': '5',
      'x-total-pages': '3',
      'x-per-page': '2',
      'x-page': '2',
      'x-next-page': '3',
      'x-prev-page': '1',
      link: `${link(1)}; rel="prev", ${link(3)}; rel="next", ${link(1)}; rel="first", ${link(3)}; rel="last"`,
    })
  })

  it('answers garbage and page < 1 as GitLab does', async () => {
    const api = await start({})
    expect(await (await fetch(`${api}/groups?page=abc`)).json()).toEqual({
      error: 'page is invalid',
    })
    expect(await (await fetch(`${api}/groups?page=0`)).json()).toEqual({
      error: 'page does not have a valid value',
    })
  })
})
