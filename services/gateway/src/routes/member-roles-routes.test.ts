import { status } from '@grpc/grpc-js'
import {
  AccessLevel,
  MemberPermission,
  type CreateMemberRoleRequest,
  type DeleteMemberRoleRequest,
  type ListMemberRolesRequest,
  type UpdateMemberRoleRequest,
} from '@suite/proto'
import { ALICE, expectForbidden, sendAsAlice } from '../testing/ability-gateway.js'
import { memberRoleFixture } from '../testing/fixtures.js'
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

function asRoot(method: string, body: Record<string, unknown> = {}): RequestInit {
  return {
    method,
    headers: { ...ROOT, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  }
}

const instanceRole = memberRoleFixture({ id: 2, groupId: undefined, name: 'Instance role' })

function roleHandlers() {
  return {
    listMemberRoles: jest.fn((request: ListMemberRolesRequest) =>
      Promise.resolve({
        memberRoles: [request.groupId === undefined ? instanceRole : memberRoleFixture()],
      }),
    ),
    createMemberRole: jest.fn((request: CreateMemberRoleRequest) =>
      Promise.resolve({
        memberRole: memberRoleFixture({
          groupId: request.groupId,
          name: request.name,
          description: request.description,
          baseAccessLevel: request.baseAccessLevel,
          permissions: request.permissions,
        }),
      }),
    ),
    updateMemberRole: jest.fn((request: UpdateMemberRoleRequest) =>
      Promise.resolve({
        memberRole: memberRoleFixture({
          id: request.id,
          name: request.name ?? 'Guest + read code',
          description: request.description,
          permissions: request.permissionsGiven
            ? request.permissions
            : memberRoleFixture().permissions,
        }),
      }),
    ),
    deleteMemberRole: jest.fn((_request: DeleteMemberRoleRequest) => Promise.resolve({})),
  }
}

describe('instance member roles', () => {
  it('list, create, update and delete for an administrator', async () => {
    const memberRoles = roleHandlers()
    const api = await start({ identity: { memberRoles } })

    const list = await fetch(`${api}/member_roles`, { headers: ROOT })
    expect(list.status).toBe(200)
    expect(await list.json()).toEqual([
      expect.objectContaining({ id: 2, name: 'Instance role', group_id: null, read_code: true }),
    ])
    expect(memberRoles.listMemberRoles.mock.calls[0]?.[0]).toMatchObject({
      caller: { userId: 1 },
      groupId: undefined,
    })

    const created = await fetch(
      `${api}/member_roles`,
      asRoot('POST', { name: 'Custom guest', base_access_level: 10, read_code: true }),
    )
    expect(created.status).toBe(201)
    expect(await created.json()).toMatchObject({
      name: 'Custom guest',
      description: null,
      base_access_level: 10,
      read_code: true,
      remove_project: false,
    })
    expect(memberRoles.createMemberRole.mock.calls[0]?.[0]).toMatchObject({
      groupId: undefined,
      name: 'Custom guest',
      baseAccessLevel: AccessLevel.ACCESS_LEVEL_GUEST,
      permissions: [MemberPermission.MEMBER_PERMISSION_READ_CODE],
    })

    const updated = await fetch(
      `${api}/member_roles/2`,
      asRoot('PUT', { name: 'Renamed', description: 'Reads code' }),
    )
    expect(updated.status).toBe(200)
    expect(await updated.json()).toMatchObject({
      id: 2,
      name: 'Renamed',
      description: 'Reads code',
    })
    expect(memberRoles.updateMemberRole.mock.calls[0]?.[0]).toMatchObject({
      groupId: undefined,
      id: 2,
      name: 'Renamed',
      description: 'Reads code',
      permissionsGiven: false,
    })

    const deleted = await fetch(`${api}/member_roles/2`, { method: 'DELETE', headers: ROOT })
    expect(deleted.status).toBe(204)
    expect(await deleted.text()).toBe('')
    expect(memberRoles.deleteMemberRole.mock.calls[0]?.[0]).toMatchObject({
      groupId: undefined,
      id: 2,
    })
  })

  it('take form fields as python-gitlab sends them', async () => {
    const memberRoles = roleHandlers()
    const api = await start({ identity: { memberRoles } })
    const res = await fetch(`${api}/member_roles`, {
      method: 'POST',
      headers: ROOT,
      body: new URLSearchParams({
        name: 'Form role',
        base_access_level: '20',
        admin_merge_request: 'true',
        read_code: 'false',
      }),
    })
    expect(res.status).toBe(201)
    expect(memberRoles.createMemberRole.mock.calls[0]?.[0]).toMatchObject({
      baseAccessLevel: AccessLevel.ACCESS_LEVEL_REPORTER,
      permissions: [MemberPermission.MEMBER_PERMISSION_ADMIN_MERGE_REQUEST],
    })
  })

  it("answer Grape's parameter errors", async () => {
    const memberRoles = roleHandlers()
    const api = await start({ identity: { memberRoles } })
    const cases: [Record<string, unknown>, string][] = [
      [{ base_access_level: 10 }, 'name is missing'],
      [{ name: 'x' }, 'base_access_level is missing'],
      [{ name: 'x', base_access_level: 15 }, 'base_access_level does not have a valid value'],
      [{ name: 'x', base_access_level: 10, read_code: 'maybe' }, 'read_code is invalid'],
      [{}, 'name is missing, base_access_level is missing'],
    ]
    for (const [body, error] of cases) {
      const res = await fetch(`${api}/member_roles`, asRoot('POST', body))
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual({ error })
    }
    const badId = await fetch(`${api}/member_roles/abc`, { method: 'DELETE', headers: ROOT })
    expect(badId.status).toBe(400)
    expect(await badId.json()).toEqual({ error: 'member_role_id is invalid' })
    expect(memberRoles.createMemberRole).not.toHaveBeenCalled()
    expect(memberRoles.deleteMemberRole).not.toHaveBeenCalled()
  })

  it('are for administrators: anonymous 401, a user 403', async () => {
    const memberRoles = roleHandlers()
    const api = await start({ identity: { memberRoles } })
    for (const [method, path] of [
      ['GET', '/member_roles'],
      ['POST', '/member_roles'],
      ['PUT', '/member_roles/2'],
      ['PATCH', '/member_roles/2'],
      ['DELETE', '/member_roles/2'],
    ] as const) {
      const anonymous = await fetch(`${api}${path}`, { method })
      expect(anonymous.status).toBe(401)
      expect(await anonymous.json()).toEqual({ message: '401 Unauthorized' })
      await expectForbidden(
        await fetch(`${api}${path}`, asAlice(method, { name: 'x', base_access_level: 10 })),
      )
    }
    expect(memberRoles.listMemberRoles).not.toHaveBeenCalled()
    expect(memberRoles.createMemberRole).not.toHaveBeenCalled()
  })

  it("pass identity's 404 Member Role Not Found through", async () => {
    const api = await start({
      identity: {
        memberRoles: {
          deleteMemberRole: () =>
            Promise.reject(grpcError(status.NOT_FOUND, { resource: 'Member Role' })),
        },
      },
    })
    const res = await fetch(`${api}/member_roles/99`, { method: 'DELETE', headers: ROOT })
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ message: '404 Member Role Not Found' })
  })
})

describe('group member roles', () => {
  it("list, create, update and delete a group's roles for its Owner", async () => {
    const memberRoles = roleHandlers()
    const api = await start({ identity: { memberRoles } })

    const list = await fetch(`${api}/groups/10/member_roles`, { headers: ALICE })
    expect(list.status).toBe(200)
    expect(await list.json()).toEqual([expect.objectContaining({ id: 3, group_id: 10 })])
    expect(memberRoles.listMemberRoles.mock.calls[0]?.[0]).toMatchObject({
      caller: { userId: 2, group: { adminMemberRoles: true } },
      groupId: 10,
    })

    const created = await fetch(
      `${api}/groups/parent/member_roles`,
      sendAsAlice('POST', { name: 'Custom guest', base_access_level: 10, remove_project: true }),
    )
    expect(created.status).toBe(201)
    expect(await created.json()).toMatchObject({
      group_id: 10,
      read_code: false,
      remove_project: true,
    })
    expect(memberRoles.createMemberRole.mock.calls[0]?.[0]).toMatchObject({ groupId: 10 })

    const patched = await fetch(
      `${api}/groups/10/member_roles/3`,
      sendAsAlice('PATCH', { description: 'New' }),
    )
    expect(patched.status).toBe(200)
    expect(memberRoles.updateMemberRole.mock.calls[0]?.[0]).toMatchObject({
      groupId: 10,
      id: 3,
      name: undefined,
      description: 'New',
    })

    const deleted = await fetch(`${api}/groups/10/member_roles/3`, {
      method: 'DELETE',
      headers: ALICE,
    })
    expect(deleted.status).toBe(204)
    expect(await deleted.text()).toBe('')
    expect(memberRoles.deleteMemberRole.mock.calls[0]?.[0]).toMatchObject({ groupId: 10, id: 3 })
  })

  it('switch only the permissions an update names, keeping the others', async () => {
    const memberRoles = roleHandlers()
    const api = await start({ identity: { memberRoles } })
    const res = await fetch(
      `${api}/groups/10/member_roles/3`,
      sendAsAlice('PUT', { admin_merge_request: true }),
    )
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ read_code: true, admin_merge_request: true })
    expect(memberRoles.updateMemberRole.mock.calls[0]?.[0]).toMatchObject({
      permissionsGiven: true,
      permissions: [
        MemberPermission.MEMBER_PERMISSION_ADMIN_MERGE_REQUEST,
        MemberPermission.MEMBER_PERMISSION_READ_CODE,
      ],
    })
    const unknown = await fetch(
      `${api}/groups/10/member_roles/42`,
      sendAsAlice('PUT', { read_code: false }),
    )
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toEqual({ message: '404 Member Role Not Found' })
    expect(memberRoles.updateMemberRole).toHaveBeenCalledTimes(1)
  })

  it('answer anonymous 401, an unreadable group 404, a lower role 403', async () => {
    const memberRoles = roleHandlers()
    let api = await start({ identity: { memberRoles }, unreadable: true })
    const anonymous = await fetch(`${api}/groups/10/member_roles`)
    expect(anonymous.status).toBe(401)
    const hidden = await fetch(`${api}/groups/10/member_roles`, { headers: ALICE })
    expect(hidden.status).toBe(404)
    expect(await hidden.json()).toEqual({ message: '404 Group Not Found' })

    api = await start({ identity: { memberRoles }, group: { adminGroup: false } })
    for (const [method, path] of [
      ['GET', '/groups/10/member_roles'],
      ['POST', '/groups/10/member_roles'],
      ['PUT', '/groups/10/member_roles/3'],
      ['PATCH', '/groups/10/member_roles/3'],
      ['DELETE', '/groups/10/member_roles/3'],
    ] as const) {
      await expectForbidden(
        await fetch(`${api}${path}`, asAlice(method, { name: 'x', base_access_level: 10 })),
      )
    }
    expect(memberRoles.listMemberRoles).not.toHaveBeenCalled()
    expect(memberRoles.deleteMemberRole).not.toHaveBeenCalled()
  })

  it("answer identity's refusal of a subgroup with its 400 message", async () => {
    const message = 'Creation of member role is allowed only for root groups'
    const api = await start({
      identity: {
        memberRoles: {
          createMemberRole: () =>
            Promise.reject(grpcError(status.INVALID_ARGUMENT, { reason: 'bad_request', message })),
        },
      },
    })
    const res = await fetch(
      `${api}/groups/10/member_roles`,
      sendAsAlice('POST', { name: 'x', base_access_level: 10 }),
    )
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ message })
  })
})
