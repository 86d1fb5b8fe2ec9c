import { status } from '@grpc/grpc-js'
import type {
  DeleteSamlIdentityRequest,
  GetSamlIdentityRequest,
  ListSamlIdentitiesRequest,
  UpdateSamlIdentityRequest,
} from '@suite/proto'
import { ALICE, expectForbidden, sendAsAlice } from '../testing/ability-gateway.js'
import { samlIdentityFixture } from '../testing/fixtures.js'
import { grpcError } from '../testing/grpc-error.js'
import { ROOT, startRoleGateway, type RoleGatewaySetup } from '../testing/role-gateway.js'
import type { TestGateway } from '../testing/test-server.js'

/** Alice's request; a GET carries its parameters in no body. */
function asAlice(method: string, body: Record<string, unknown>): RequestInit {
  return method === 'GET' ? { headers: ALICE } : sendAsAlice(method, body)
}

let gateway: TestGateway | undefined
afterEach(async () => {
  await gateway?.close()
  gateway = undefined
})

async function start(setup: RoleGatewaySetup = {}): Promise<string> {
  await gateway?.close()
  const started = await startRoleGateway(setup)
  gateway = started
  return started.api
}

function samlHandlers() {
  return {
    listSamlIdentities: jest.fn((_request: ListSamlIdentitiesRequest) =>
      Promise.resolve({
        identities: [samlIdentityFixture(), samlIdentityFixture({ userId: 3, externUid: 'bob' })],
        pageInfo: { total: 2 },
      }),
    ),
    getSamlIdentity: jest.fn((request: GetSamlIdentityRequest) =>
      Promise.resolve({ identity: samlIdentityFixture({ externUid: request.externUid }) }),
    ),
    updateSamlIdentity: jest.fn((request: UpdateSamlIdentityRequest) =>
      Promise.resolve({ identity: samlIdentityFixture({ externUid: request.newExternUid }) }),
    ),
    deleteSamlIdentity: jest.fn((_request: DeleteSamlIdentityRequest) => Promise.resolve({})),
  }
}

/** An external UID with every character GitLab's examples show in one. */
const UID = 'first.last+saml@example.com/okta'

describe('SAML identities', () => {
  it("list a group's identities as [{extern_uid, user_id}], paginated", async () => {
    const samlIdentities = samlHandlers()
    const api = await start({ identity: { samlIdentities } })
    const res = await fetch(`${api}/groups/10/saml/identities?per_page=2`, { headers: ALICE })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual([
      { extern_uid: 'alice@idp', user_id: 2 },
      { extern_uid: 'bob', user_id: 3 },
    ])
    expect(res.headers.get('x-total')).toBe('2')
    expect(samlIdentities.listSamlIdentities.mock.calls[0]?.[0]).toMatchObject({
      caller: { userId: 2, group: { readSamlIdentities: true } },
      groupId: 10,
      page: { page: 1, perPage: 2 },
    })
    expect(samlIdentities.getSamlIdentity).not.toHaveBeenCalled()
  })

  it('read one identity by its URL-encoded uid, slashes and all', async () => {
    const samlIdentities = samlHandlers()
    const api = await start({ identity: { samlIdentities } })
    const res = await fetch(`${api}/groups/10/saml/${encodeURIComponent(UID)}`, { headers: ROOT })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ extern_uid: UID, user_id: 2 })
    expect(samlIdentities.getSamlIdentity.mock.calls[0]?.[0]).toMatchObject({
      groupId: 10,
      externUid: UID,
    })
    // Dots stay part of the uid: no format suffix is taken off.
    await fetch(`${api}/groups/10/saml/sydney.jones.json`, { headers: ROOT })
    expect(samlIdentities.getSamlIdentity.mock.calls[1]?.[0]).toMatchObject({
      externUid: 'sydney.jones.json',
    })
  })

  it('change the extern_uid from a form or JSON, and answer the identity', async () => {
    const samlIdentities = samlHandlers()
    const api = await start({ identity: { samlIdentities } })
    const form = await fetch(`${api}/groups/10/saml/${encodeURIComponent(UID)}`, {
      method: 'PATCH',
      headers: ALICE,
      body: new URLSearchParams({ extern_uid: 'sydney_jones_new' }),
    })
    expect(form.status).toBe(200)
    expect(await form.json()).toEqual({ extern_uid: 'sydney_jones_new', user_id: 2 })
    expect(samlIdentities.updateSamlIdentity.mock.calls[0]?.[0]).toMatchObject({
      groupId: 10,
      externUid: UID,
      newExternUid: 'sydney_jones_new',
    })
    const json = await fetch(
      `${api}/groups/10/saml/alice%40idp`,
      sendAsAlice('PATCH', { extern_uid: 'a+b' }),
    )
    expect(json.status).toBe(200)
    expect(samlIdentities.updateSamlIdentity.mock.calls[1]?.[0]).toMatchObject({
      externUid: 'alice@idp',
      newExternUid: 'a+b',
    })
  })

  it('need an extern_uid to change one', async () => {
    const samlIdentities = samlHandlers()
    const api = await start({ identity: { samlIdentities } })
    const res = await fetch(`${api}/groups/10/saml/alice`, sendAsAlice('PATCH'))
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: 'extern_uid is missing' })
    expect(samlIdentities.updateSamlIdentity).not.toHaveBeenCalled()
  })

  it('delete one with 204 and an empty body', async () => {
    const samlIdentities = samlHandlers()
    const api = await start({ identity: { samlIdentities } })
    const res = await fetch(`${api}/groups/10/saml/${encodeURIComponent(UID)}`, {
      method: 'DELETE',
      headers: ALICE,
    })
    expect(res.status).toBe(204)
    expect(await res.text()).toBe('')
    expect(samlIdentities.deleteSamlIdentity.mock.calls[0]?.[0]).toMatchObject({
      groupId: 10,
      externUid: UID,
    })
  })

  it("answer identity's 404 Identity Not Found for an unknown uid", async () => {
    const api = await start({
      identity: {
        samlIdentities: {
          getSamlIdentity: () =>
            Promise.reject(grpcError(status.NOT_FOUND, { resource: 'Identity' })),
        },
      },
    })
    const res = await fetch(`${api}/groups/10/saml/nobody`, { headers: ALICE })
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ message: '404 Identity Not Found' })
  })

  it('answer anonymous 401, an unreadable group 404, a lower role 403', async () => {
    const samlIdentities = samlHandlers()
    let api = await start({ identity: { samlIdentities }, unreadable: true })
    for (const [method, path] of [
      ['GET', '/groups/10/saml/identities'],
      ['GET', '/groups/10/saml/alice'],
      ['PATCH', '/groups/10/saml/alice'],
      ['DELETE', '/groups/10/saml/alice'],
    ] as const) {
      const anonymous = await fetch(`${api}${path}`, { method })
      expect(anonymous.status).toBe(401)
      const hidden = await fetch(`${api}${path}`, asAlice(method, { extern_uid: 'x' }))
      expect(hidden.status).toBe(404)
      expect(await hidden.json()).toEqual({ message: '404 Group Not Found' })
    }
    api = await start({ identity: { samlIdentities }, group: { readSamlIdentities: false } })
    for (const [method, path] of [
      ['GET', '/groups/10/saml/identities'],
      ['GET', '/groups/10/saml/alice'],
      ['PATCH', '/groups/10/saml/alice'],
      ['DELETE', '/groups/10/saml/alice'],
    ] as const) {
      await expectForbidden(await fetch(`${api}${path}`, asAlice(method, { extern_uid: 'x' })))
    }
    expect(samlIdentities.listSamlIdentities).not.toHaveBeenCalled()
    expect(samlIdentities.updateSamlIdentity).not.toHaveBeenCalled()
    expect(samlIdentities.deleteSamlIdentity).not.toHaveBeenCalled()
  })
})
