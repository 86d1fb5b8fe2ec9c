import type { AddMemberRequest, ListMembersRequest, UpdateMemberRequest } from '@suite/proto'
import {
  ALICE,
  expectForbidden,
  sendAsAlice,
  startAbilityGateway,
  type AbilitySetup,
} from '../testing/ability-gateway.js'
import type { TestGateway } from '../testing/test-server.js'
import { everyProjectAbility, groupAbilitiesFixture } from '../testing/abilities-fixture.js'
import { memberFixture, memberRoleFixture } from '../testing/fixtures.js'

let gateway: TestGateway | undefined
afterEach(async () => {
  await gateway?.close()
  gateway = undefined
})

async function start(setup: AbilitySetup = {}): Promise<string> {
  await gateway?.close()
  const started = await startAbilityGateway(setup)
  gateway = started
  return started.api
}

describe('members', () => {
  const listMembers = (_request: ListMembersRequest) =>
    Promise.resolve({ members: [memberFixture()], pageInfo: undefined })

  it("let anonymous callers read a readable project's members (authenticate_non_get!)", async () => {
    const list = jest.fn(listMembers)
    const api = await start({ identity: { members: { listMembers: list } } })
    const res = await fetch(`${api}/projects/5/members`)
    expect(res.status).toBe(200)
    expect(list.mock.calls[0]?.[0]).toMatchObject({ caller: { userId: undefined } })
  })

  it('answer 404, not 401, to anonymous callers of a project they cannot read', async () => {
    const api = await start({ unreadable: true })
    for (const path of [
      '/projects/5/members',
      '/projects/5/members/all',
      '/projects/5/members/2',
    ]) {
      const res = await fetch(`${api}${path}`)
      expect(res.status).toBe(404)
      expect(await res.json()).toEqual({ message: '404 Project Not Found' })
    }
  })

  it('need read_project_member and read_group_member to be listed', async () => {
    let api = await start({ project: { readProjectMember: false } })
    await expectForbidden(await fetch(`${api}/projects/5/members`, { headers: ALICE }))
    api = await start({ group: { readGroupMember: false } })
    await expectForbidden(await fetch(`${api}/groups/10/members/all`, { headers: ALICE }))
  })

  it('need a signed-in caller (401) and admin_*_member (403) to add or change one', async () => {
    const addMember = jest.fn((_request: AddMemberRequest) =>
      Promise.resolve({ member: memberFixture() }),
    )
    const members = { addMember, listMembers }
    let api = await start({ identity: { members } })
    const body = new URLSearchParams({ user_id: '3', access_level: '30' })
    const anonymous = await fetch(`${api}/projects/5/members`, { method: 'POST', body })
    expect(anonymous.status).toBe(401)
    await expectForbidden(
      await fetch(
        `${api}/projects/5/members`,
        sendAsAlice('POST', { user_id: 3, access_level: 30 }),
      ),
    )
    api = await start({ group: { adminGroupMember: false }, identity: { members } })
    await expectForbidden(
      await fetch(
        `${api}/groups/10/members`,
        sendAsAlice('POST', { user_id: 3, access_level: 30 }),
      ),
    )
    expect(addMember).not.toHaveBeenCalled()
    api = await start({ project: everyProjectAbility(), identity: { members } })
    const added = await fetch(
      `${api}/projects/5/members`,
      sendAsAlice('POST', { user_id: 3, access_level: 30 }),
    )
    expect(added.status).toBe(201)
    expect(addMember.mock.calls[0]?.[0]).toMatchObject({
      caller: { userId: 2, project: { adminProjectMember: true } },
    })
  })

  it("hand identity a caller carrying the group's abilities", async () => {
    const list = jest.fn(listMembers)
    const api = await start({ identity: { members: { listMembers: list } } })
    expect((await fetch(`${api}/groups/10/members`, { headers: ALICE })).status).toBe(200)
    expect(list.mock.calls[0]?.[0]).toMatchObject({
      caller: { userId: 2, group: groupAbilitiesFixture(), project: undefined },
    })
  })

  it('hand member_role_id to identity and show the member_role it answers', async () => {
    const member = memberFixture({
      accessLevel: 10,
      memberRoleId: 3,
      memberRole: memberRoleFixture(),
    })
    const addMember = jest.fn((_request: AddMemberRequest) => Promise.resolve({ member }))
    const updateMember = jest.fn((_request: UpdateMemberRequest) => Promise.resolve({ member }))
    const api = await start({
      project: everyProjectAbility(),
      identity: { members: { addMember, updateMember } },
    })
    const added = await fetch(
      `${api}/groups/10/members`,
      sendAsAlice('POST', { user_id: 3, access_level: 10, member_role_id: 3 }),
    )
    expect(added.status).toBe(201)
    expect(await added.json()).toMatchObject({
      access_level: 10,
      member_role: { id: 3, group_id: 10, base_access_level: 10, read_code: true },
    })
    expect(addMember.mock.calls[0]?.[0]).toMatchObject({ userId: 3, memberRoleId: 3 })
    const updated = await fetch(
      `${api}/projects/5/members/3`,
      sendAsAlice('PUT', { access_level: 10, member_role_id: '3' }),
    )
    expect(updated.status).toBe(200)
    expect(updateMember.mock.calls[0]?.[0]).toMatchObject({
      source: { id: 5 },
      userId: 3,
      accessLevel: 10,
      memberRoleId: 3,
    })
    await fetch(`${api}/projects/5/members/3`, sendAsAlice('PUT', { access_level: 30 }))
    expect(updateMember.mock.calls[1]?.[0]).toMatchObject({ memberRoleId: undefined })
  })
})
