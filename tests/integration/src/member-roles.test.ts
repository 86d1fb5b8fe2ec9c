import { api, type Params } from './support/api'
import {
  addMember,
  createGroup,
  createUser,
  createUserWithToken,
  uniqueName,
  type UserWithToken,
} from './support/factories'
import { FORBIDDEN, missing, notFound, UNAUTHORIZED } from './support/gitlab-errors'
import {
  createGroupRole,
  createInstanceRole,
  MAX_ROLES,
  MEMBER_ROLE_NOT_FOUND,
  MEMBER_ROLE_PERMISSIONS,
  permissionsWith,
  ROOT_GROUPS_ONLY,
  type MemberRoleJson,
} from './support/member-roles'
import { createProject } from './support/projects'
import { rootToken } from './support/suite-state'
import {
  DEVELOPER,
  GUEST,
  MAINTAINER,
  REPORTER,
  type GroupJson,
  type MemberJson,
} from './support/types'

/**
 * Custom member roles (spec document 3, "Instance member roles" and "Group
 * member roles"; GitLab's ee/lib/api/member_roles.rb and its request spec) and
 * their assignment through member_role_id on the members API.
 */

/** The limit GitLab puts on custom roles (MemberRole::MAX_COUNT_PER_GROUP_HIERARCHY). */
const ROLE_LIMIT = 10

/** A private top-level group owned by a fresh, non-admin user. */
async function ownedGroup(): Promise<{ owner: UserWithToken; group: GroupJson }> {
  const owner = await createUserWithToken()
  const group = await createGroup(owner.token, { visibility: 'private' })
  return { owner, group }
}

/** Instance roles created by a test, deleted after it: the instance holds at most ten. */
const instanceRoles: number[] = []

async function instanceRole(attributes: Params = {}): Promise<MemberRoleJson> {
  const role = await createInstanceRole({ name: uniqueName('role'), ...attributes })
  instanceRoles.push(role.id)
  return role
}

afterEach(async () => {
  const ids = instanceRoles.splice(0)
  await Promise.all(
    ids.map((id) => api(`/member_roles/${id}`, { method: 'DELETE', token: rootToken() })),
  )
})

describe('instance member roles', () => {
  describe('POST /member_roles', () => {
    it('creates a role from JSON (201): every permission present, false when not given, description null', async () => {
      const name = uniqueName('Guest + read_code')
      const res = await api<MemberRoleJson>('/member_roles', {
        method: 'POST',
        token: rootToken(),
        body: { name, base_access_level: GUEST, read_code: true },
      })
      expect(res.status).toBe(201)
      instanceRoles.push(res.body.id)
      expect(res.body).toMatchObject({
        name,
        description: null,
        group_id: null,
        base_access_level: GUEST,
        ...permissionsWith(['read_code']),
      })
      expect(res.body.id).toEqual(expect.any(Number))
      for (const permission of MEMBER_ROLE_PERMISSIONS) {
        expect(typeof res.body[permission]).toBe('boolean')
      }
    })

    it('creates a role from form fields, the way python clients send them (201)', async () => {
      const name = uniqueName('Developer form')
      const res = await api<MemberRoleJson>('/member_roles', {
        method: 'POST',
        token: rootToken(),
        form: {
          name,
          description: 'My custom developer role',
          base_access_level: '30',
          admin_merge_request: 'True',
          read_vulnerability: 'true',
          remove_project: 'false',
        },
      })
      expect(res.status).toBe(201)
      instanceRoles.push(res.body.id)
      expect(res.body).toMatchObject({
        name,
        description: 'My custom developer role',
        group_id: null,
        base_access_level: DEVELOPER,
        ...permissionsWith(['admin_merge_request', 'read_vulnerability']),
      })
    })

    it('switches on every permission given', async () => {
      const all = Object.fromEntries(MEMBER_ROLE_PERMISSIONS.map((name) => [name, true]))
      const role = await instanceRole({ base_access_level: MAINTAINER, ...all })
      expect(role).toMatchObject({ base_access_level: MAINTAINER, ...all })
    })

    it.each([10, 20, 30, 40, 50])('takes base_access_level %i', async (level) => {
      const role = await instanceRole({ base_access_level: level })
      expect(role.base_access_level).toBe(level)
    })

    it('answers 400 "name is missing" and "base_access_level is missing"', async () => {
      const noName = await api('/member_roles', {
        method: 'POST',
        token: rootToken(),
        body: { base_access_level: GUEST },
      })
      expect(noName.status).toBe(400)
      expect(noName.body).toEqual(missing('name'))

      const noLevel = await api('/member_roles', {
        method: 'POST',
        token: rootToken(),
        form: { name: uniqueName('role'), read_code: 'false' },
      })
      expect(noLevel.status).toBe(400)
      expect(noLevel.body).toEqual(missing('base_access_level'))
    })

    it.each([1, 35, 60])(
      'answers 400 "base_access_level does not have a valid value" for %i',
      async (level) => {
        const res = await api('/member_roles', {
          method: 'POST',
          token: rootToken(),
          body: { name: uniqueName('role'), base_access_level: level },
        })
        expect(res.status).toBe(400)
        expect(res.body).toEqual({ error: 'base_access_level does not have a valid value' })
      },
    )

    it('is for admins only: anonymous 401, a signed-in user 403', async () => {
      const user = await createUserWithToken()
      const body = { name: uniqueName('role'), base_access_level: GUEST }
      const anonymous = await api('/member_roles', { method: 'POST', body })
      expect(anonymous.status).toBe(401)
      expect(anonymous.body).toEqual(UNAUTHORIZED)
      const denied = await api('/member_roles', { method: 'POST', token: user.token, body })
      expect(denied.status).toBe(403)
      expect(denied.body).toEqual(FORBIDDEN)

      const listed = await api<MemberRoleJson[]>('/member_roles', { token: rootToken() })
      expect(listed.body.map((role) => role.name)).not.toContain(body.name)
    })
  })

  describe('GET /member_roles', () => {
    it('lists the instance roles to an admin', async () => {
      const role = await instanceRole({ read_code: true })
      const res = await api<MemberRoleJson[]>('/member_roles', { token: rootToken() })
      expect(res.status).toBe(200)
      expect(res.body).toContainEqual(role)
      for (const listed of res.body) expect(listed.group_id).toBeNull()
    })

    it('is for admins only: anonymous 401, a signed-in user 403', async () => {
      const user = await createUserWithToken()
      const anonymous = await api('/member_roles')
      expect(anonymous.status).toBe(401)
      expect(anonymous.body).toEqual(UNAUTHORIZED)
      const denied = await api('/member_roles', { token: user.token })
      expect(denied.status).toBe(403)
      expect(denied.body).toEqual(FORBIDDEN)
    })
  })

  describe('PUT and PATCH /member_roles/:member_role_id', () => {
    it('change name and description (200), keeping level and permissions', async () => {
      const role = await instanceRole({ read_code: true })
      const name = uniqueName('renamed')
      const put = await api<MemberRoleJson>(`/member_roles/${role.id}`, {
        method: 'PUT',
        token: rootToken(),
        body: { name, description: 'Reads code' },
      })
      expect(put.status).toBe(200)
      expect(put.body).toEqual({ ...role, name, description: 'Reads code' })

      const patched = await api<MemberRoleJson>(`/member_roles/${role.id}`, {
        method: 'PATCH',
        token: rootToken(),
        form: { description: 'Reads code, patched' },
      })
      expect(patched.status).toBe(200)
      expect(patched.body).toMatchObject({
        id: role.id,
        name,
        description: 'Reads code, patched',
        base_access_level: GUEST,
        ...permissionsWith(['read_code']),
      })

      const listed = await api<MemberRoleJson[]>('/member_roles', { token: rootToken() })
      expect(listed.body).toContainEqual(patched.body)
    })

    it('are for admins only, and 404 for an unknown role', async () => {
      const role = await instanceRole()
      const user = await createUserWithToken()
      const anonymous = await api(`/member_roles/${role.id}`, {
        method: 'PUT',
        body: { name: 'x' },
      })
      expect(anonymous.status).toBe(401)
      const denied = await api(`/member_roles/${role.id}`, {
        method: 'PUT',
        token: user.token,
        body: { name: 'x' },
      })
      expect(denied.status).toBe(403)
      expect(denied.body).toEqual(FORBIDDEN)

      const unknown = await api('/member_roles/999999999', {
        method: 'PUT',
        token: rootToken(),
        body: { name: 'x' },
      })
      expect(unknown.status).toBe(404)
      expect(unknown.body).toEqual(MEMBER_ROLE_NOT_FOUND)
    })
  })

  describe('DELETE /member_roles/:member_role_id', () => {
    it('deletes (204, empty body); the role is gone from the list', async () => {
      const role = await createInstanceRole({ name: uniqueName('doomed') })
      const res = await api(`/member_roles/${role.id}`, { method: 'DELETE', token: rootToken() })
      expect(res.status).toBe(204)
      expect(res.text).toBe('')
      const listed = await api<MemberRoleJson[]>('/member_roles', { token: rootToken() })
      expect(listed.body.map((r) => r.id)).not.toContain(role.id)

      const again = await api(`/member_roles/${role.id}`, { method: 'DELETE', token: rootToken() })
      expect(again.status).toBe(404)
      expect(again.body).toEqual(MEMBER_ROLE_NOT_FOUND)
    })

    it('answers 404 "Member Role Not Found" for an unknown id, 400 for a non-integer one', async () => {
      const unknown = await api('/member_roles/999999999', {
        method: 'DELETE',
        token: rootToken(),
      })
      expect(unknown.status).toBe(404)
      expect(unknown.body).toEqual(MEMBER_ROLE_NOT_FOUND)

      const word = await api('/member_roles/abc', { method: 'DELETE', token: rootToken() })
      expect(word.status).toBe(400)
      expect(word.body).toEqual({ error: 'member_role_id is invalid' })
    })

    it('is for admins only: anonymous 401, a signed-in user 403; the role stays', async () => {
      const role = await instanceRole()
      const user = await createUserWithToken()
      const anonymous = await api(`/member_roles/${role.id}`, { method: 'DELETE' })
      expect(anonymous.status).toBe(401)
      expect(anonymous.body).toEqual(UNAUTHORIZED)
      const denied = await api(`/member_roles/${role.id}`, { method: 'DELETE', token: user.token })
      expect(denied.status).toBe(403)
      expect(denied.body).toEqual(FORBIDDEN)
      const listed = await api<MemberRoleJson[]>('/member_roles', { token: rootToken() })
      expect(listed.body.map((r) => r.id)).toContain(role.id)
    })
  })

  it(`refuses the ${ROLE_LIMIT + 1}th instance role with a 400 naming the limit`, async () => {
    const existing = await api<MemberRoleJson[]>('/member_roles', { token: rootToken() })
    expect(existing.status).toBe(200)
    for (let count = existing.body.length; count < ROLE_LIMIT; count += 1) {
      await instanceRole()
    }
    const name = uniqueName('eleventh')
    const res = await api<{ message: string }>('/member_roles', {
      method: 'POST',
      token: rootToken(),
      body: { name, base_access_level: GUEST },
    })
    expect(res.status).toBe(400)
    expect(res.body.message).toMatch(MAX_ROLES)
    const listed = await api<MemberRoleJson[]>('/member_roles', { token: rootToken() })
    expect(listed.body).toHaveLength(ROLE_LIMIT)
  })
})

describe('group member roles', () => {
  describe('POST /groups/:id/member_roles', () => {
    it('lets the Owner create a role (201) with group_id, from JSON and from form fields', async () => {
      const { owner, group } = await ownedGroup()
      const json = await api<MemberRoleJson>(`/groups/${group.id}/member_roles`, {
        method: 'POST',
        token: owner.token,
        body: {
          name: 'Guest + read_code',
          description: 'My custom guest role',
          base_access_level: GUEST,
          read_code: true,
        },
      })
      expect(json.status).toBe(201)
      expect(json.body).toMatchObject({
        name: 'Guest + read_code',
        description: 'My custom guest role',
        group_id: group.id,
        base_access_level: GUEST,
        ...permissionsWith(['read_code']),
      })

      const form = await api<MemberRoleJson>(
        `/groups/${encodeURIComponent(group.full_path)}/member_roles`,
        {
          method: 'POST',
          token: owner.token,
          form: { name: 'Reporter + members', base_access_level: '20', admin_group_member: 'true' },
        },
      )
      expect(form.status).toBe(201)
      expect(form.body).toMatchObject({
        name: 'Reporter + members',
        description: null,
        group_id: group.id,
        base_access_level: REPORTER,
        ...permissionsWith(['admin_group_member']),
      })
    })

    it('lets an admin who is not a member create a role', async () => {
      const { group } = await ownedGroup()
      const role = await createGroupRole(rootToken(), group.id, { read_dependency: true })
      expect(role).toMatchObject({ group_id: group.id, ...permissionsWith(['read_dependency']) })
    })

    it('answers 400 for a missing name, a missing or invalid base_access_level', async () => {
      const { owner, group } = await ownedGroup()
      const path = `/groups/${group.id}/member_roles`
      const noName = await api(path, {
        method: 'POST',
        token: owner.token,
        body: { base_access_level: GUEST },
      })
      expect(noName.status).toBe(400)
      expect(noName.body).toEqual(missing('name'))
      const noLevel = await api(path, { method: 'POST', token: owner.token, body: { name: 'x' } })
      expect(noLevel.status).toBe(400)
      expect(noLevel.body).toEqual(missing('base_access_level'))
      const invalid = await api(path, {
        method: 'POST',
        token: owner.token,
        body: { name: 'x', base_access_level: 1 },
      })
      expect(invalid.status).toBe(400)
      expect(invalid.body).toEqual({ error: 'base_access_level does not have a valid value' })
    })

    it('answers 400 on a subgroup: roles only at the root', async () => {
      const { owner, group } = await ownedGroup()
      const sub = await createGroup(owner.token, { parent_id: group.id })
      const res = await api(`/groups/${sub.id}/member_roles`, {
        method: 'POST',
        token: owner.token,
        body: { name: 'Sub role', base_access_level: GUEST },
      })
      expect({ status: res.status, body: res.body }).toEqual({
        status: 400,
        body: ROOT_GROUPS_ONLY,
      })
    })

    it(`refuses the ${ROLE_LIMIT + 1}th role of a group with a 400 naming the limit`, async () => {
      const { owner, group } = await ownedGroup()
      for (let count = 0; count < ROLE_LIMIT; count += 1) {
        await createGroupRole(owner.token, group.id, { name: `Role ${count}` })
      }
      const res = await api<{ message: string }>(`/groups/${group.id}/member_roles`, {
        method: 'POST',
        token: owner.token,
        body: { name: 'One too many', base_access_level: GUEST },
      })
      expect(res.status).toBe(400)
      expect(res.body.message).toMatch(MAX_ROLES)

      // The limit is per group: another group still has room.
      const other = await createGroup(owner.token)
      await createGroupRole(owner.token, other.id)
    })
  })

  describe('who may use them', () => {
    it('anonymous 401, a Maintainer 403, an outsider of a private group 404 — on every verb', async () => {
      const { owner, group } = await ownedGroup()
      const role = await createGroupRole(owner.token, group.id)
      const maintainer = await createUserWithToken()
      await addMember(group.id, maintainer.user.id, MAINTAINER, owner.token)
      const outsider = await createUserWithToken()
      const calls = [
        { method: 'GET', path: `/groups/${group.id}/member_roles` },
        {
          method: 'POST',
          path: `/groups/${group.id}/member_roles`,
          body: { name: 'x', base_access_level: GUEST },
        },
        { method: 'PUT', path: `/groups/${group.id}/member_roles/${role.id}`, body: { name: 'x' } },
        { method: 'DELETE', path: `/groups/${group.id}/member_roles/${role.id}` },
      ]
      for (const call of calls) {
        const what = `${call.method} ${call.path}`
        const anonymous = await api(call.path, { method: call.method, body: call.body })
        expect([what, anonymous.status, anonymous.body]).toEqual([what, 401, UNAUTHORIZED])
        const lower = await api(call.path, {
          method: call.method,
          token: maintainer.token,
          body: call.body,
        })
        expect([what, lower.status, lower.body]).toEqual([what, 403, FORBIDDEN])
        const hidden = await api(call.path, {
          method: call.method,
          token: outsider.token,
          body: call.body,
        })
        expect([what, hidden.status, hidden.body]).toEqual([what, 404, notFound('Group')])
      }
      const listed = await api<MemberRoleJson[]>(`/groups/${group.id}/member_roles`, {
        token: owner.token,
      })
      expect(listed.body).toEqual([role])
    })
  })

  describe('GET, PUT and DELETE', () => {
    it('lists the group’s roles only; the instance list never shows them, nor the group list instance roles', async () => {
      const { owner, group } = await ownedGroup()
      const other = await ownedGroup()
      const mine = await createGroupRole(owner.token, group.id, { read_code: true })
      const theirs = await createGroupRole(other.owner.token, other.group.id)
      const instance = await instanceRole()

      const listed = await api<MemberRoleJson[]>(`/groups/${group.id}/member_roles`, {
        token: owner.token,
      })
      expect(listed.status).toBe(200)
      expect(listed.body).toEqual([mine])

      const empty = await ownedGroup()
      const none = await api(`/groups/${empty.group.id}/member_roles`, {
        token: empty.owner.token,
      })
      expect(none.status).toBe(200)
      expect(none.body).toEqual([])

      const instanceList = await api<MemberRoleJson[]>('/member_roles', { token: rootToken() })
      const instanceIds = instanceList.body.map((role) => role.id)
      expect(instanceIds).toContain(instance.id)
      expect(instanceIds).not.toContain(mine.id)
      expect(instanceIds).not.toContain(theirs.id)
    })

    it('PUT and PATCH change name and description (200)', async () => {
      const { owner, group } = await ownedGroup()
      const role = await createGroupRole(owner.token, group.id, { admin_merge_request: true })
      const put = await api<MemberRoleJson>(`/groups/${group.id}/member_roles/${role.id}`, {
        method: 'PUT',
        token: owner.token,
        form: { name: 'Approver', description: 'Approves merge requests' },
      })
      expect(put.status).toBe(200)
      expect(put.body).toEqual({
        ...role,
        name: 'Approver',
        description: 'Approves merge requests',
      })

      const patch = await api<MemberRoleJson>(`/groups/${group.id}/member_roles/${role.id}`, {
        method: 'PATCH',
        token: owner.token,
        body: { name: 'Approver 2' },
      })
      expect(patch.status).toBe(200)
      expect(patch.body).toEqual({ ...put.body, name: 'Approver 2' })
    })

    it('DELETE answers 204 with an empty body; a role of another group is 404', async () => {
      const { owner, group } = await ownedGroup()
      const other = await ownedGroup()
      const theirs = await createGroupRole(other.owner.token, other.group.id)
      const mine = await createGroupRole(owner.token, group.id)

      const foreign = await api(`/groups/${group.id}/member_roles/${theirs.id}`, {
        method: 'DELETE',
        token: owner.token,
      })
      expect(foreign.status).toBe(404)
      expect(foreign.body).toEqual(MEMBER_ROLE_NOT_FOUND)
      const foreignPut = await api(`/groups/${group.id}/member_roles/${theirs.id}`, {
        method: 'PUT',
        token: owner.token,
        body: { name: 'hijacked' },
      })
      expect(foreignPut.status).toBe(404)
      expect(foreignPut.body).toEqual(MEMBER_ROLE_NOT_FOUND)
      const stillTheirs = await api<MemberRoleJson[]>(`/groups/${other.group.id}/member_roles`, {
        token: other.owner.token,
      })
      expect(stillTheirs.body).toEqual([theirs])

      const instance = await instanceRole()
      const instanceViaGroup = await api(`/groups/${group.id}/member_roles/${instance.id}`, {
        method: 'DELETE',
        token: owner.token,
      })
      expect(instanceViaGroup.status).toBe(404)
      expect(instanceViaGroup.body).toEqual(MEMBER_ROLE_NOT_FOUND)
      const groupViaInstance = await api(`/member_roles/${mine.id}`, {
        method: 'DELETE',
        token: rootToken(),
      })
      expect(groupViaInstance.status).toBe(404)
      expect(groupViaInstance.body).toEqual(MEMBER_ROLE_NOT_FOUND)

      const res = await api(`/groups/${group.id}/member_roles/${mine.id}`, {
        method: 'DELETE',
        token: owner.token,
      })
      expect(res.status).toBe(204)
      expect(res.text).toBe('')
      const listed = await api(`/groups/${group.id}/member_roles`, { token: owner.token })
      expect(listed.body).toEqual([])
      const unknown = await api(`/groups/${group.id}/member_roles/${mine.id}`, {
        method: 'DELETE',
        token: owner.token,
      })
      expect(unknown.status).toBe(404)
      expect(unknown.body).toEqual(MEMBER_ROLE_NOT_FOUND)
    })
  })
})

describe('members with a custom role (member_role_id)', () => {
  it('POST /groups/:id/members with member_role_id: the member entity shows member_role', async () => {
    const { owner, group } = await ownedGroup()
    const role = await createGroupRole(owner.token, group.id, { read_code: true })
    const user = await createUser()
    const res = await api<MemberJson>(`/groups/${group.id}/members`, {
      method: 'POST',
      token: owner.token,
      body: { user_id: user.id, access_level: GUEST, member_role_id: role.id },
    })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ id: user.id, access_level: GUEST })
    expect(res.body.member_role).toMatchObject({
      id: role.id,
      group_id: group.id,
      base_access_level: GUEST,
      read_code: true,
    })

    const shown = await api<MemberJson>(`/groups/${group.id}/members/${user.id}`, {
      token: owner.token,
    })
    expect(shown.body.member_role).toMatchObject({ id: role.id })
    const listed = await api<MemberJson[]>(`/groups/${group.id}/members`, { token: owner.token })
    expect(listed.body.find((m) => m.id === user.id)?.member_role).toMatchObject({ id: role.id })
  })

  it('answers 400 when the role’s base level is not the member’s access level', async () => {
    const { owner, group } = await ownedGroup()
    const role = await createGroupRole(owner.token, group.id, { base_access_level: DEVELOPER })
    const user = await createUser()
    const res = await api<{ message: { member_role_id?: unknown } }>(
      `/groups/${group.id}/members`,
      {
        method: 'POST',
        token: owner.token,
        body: { user_id: user.id, access_level: GUEST, member_role_id: role.id },
      },
    )
    expect(res.status).toBe(400)
    expect(res.body.message.member_role_id).toEqual([
      expect.stringMatching(/base access level does not match/),
    ])
    const absent = await api(`/groups/${group.id}/members/${user.id}`, { token: owner.token })
    expect(absent.status).toBe(404)

    await addMember(group.id, user.id, GUEST, owner.token)
    const put = await api<{ message: { member_role_id?: unknown } }>(
      `/groups/${group.id}/members/${user.id}`,
      {
        method: 'PUT',
        token: owner.token,
        body: { access_level: GUEST, member_role_id: role.id },
      },
    )
    expect(put.status).toBe(400)
    expect(put.body.message.member_role_id).toEqual([
      expect.stringMatching(/base access level does not match/),
    ])
  })

  it('PUT sets and, with member_role_id null, removes the role', async () => {
    const { owner, group } = await ownedGroup()
    const role = await createGroupRole(owner.token, group.id, { base_access_level: REPORTER })
    const user = await createUser()
    await addMember(group.id, user.id, GUEST, owner.token)
    const set = await api<MemberJson>(`/groups/${group.id}/members/${user.id}`, {
      method: 'PUT',
      token: owner.token,
      body: { access_level: REPORTER, member_role_id: role.id },
    })
    expect(set.status).toBe(200)
    expect(set.body.access_level).toBe(REPORTER)
    expect(set.body.member_role).toMatchObject({ id: role.id, base_access_level: REPORTER })

    const unset = await api<MemberJson>(`/groups/${group.id}/members/${user.id}`, {
      method: 'PUT',
      token: owner.token,
      body: { access_level: DEVELOPER, member_role_id: null },
    })
    expect({ status: unset.status, body: unset.body }).toMatchObject({
      status: 200,
      body: { access_level: DEVELOPER },
    })
    expect(unset.body.member_role ?? null).toBeNull()
  })

  it('a role of another top-level group is refused (400 member_role not found)', async () => {
    const { owner, group } = await ownedGroup()
    const other = await ownedGroup()
    const foreign = await createGroupRole(other.owner.token, other.group.id)
    const user = await createUser()
    const res = await api(`/groups/${group.id}/members`, {
      method: 'POST',
      token: owner.token,
      body: { user_id: user.id, access_level: GUEST, member_role_id: foreign.id },
    })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ message: { member_role: ['not found'] } })
  })

  it('POST and PUT /projects/:id/members take a role of the project’s top-level group', async () => {
    const { owner, group } = await ownedGroup()
    const sub = await createGroup(owner.token, { parent_id: group.id })
    const project = await createProject(owner.token, { namespace_id: sub.id })
    const role = await createGroupRole(owner.token, group.id, { admin_merge_request: true })
    const user = await createUser()
    const res = await api<MemberJson>(`/projects/${project.id}/members`, {
      method: 'POST',
      token: owner.token,
      body: { user_id: user.id, access_level: GUEST, member_role_id: role.id },
    })
    expect(res.status).toBe(201)
    expect(res.body.member_role).toMatchObject({ id: role.id, admin_merge_request: true })

    const mismatch = await api(`/projects/${project.id}/members/${user.id}`, {
      method: 'PUT',
      token: owner.token,
      body: { access_level: DEVELOPER, member_role_id: role.id },
    })
    expect(mismatch.status).toBe(400)

    const shown = await api<MemberJson>(`/projects/${project.id}/members/${user.id}`, {
      token: owner.token,
    })
    expect(shown.body).toMatchObject({ access_level: GUEST })
    expect(shown.body.member_role).toMatchObject({ id: role.id })
  })

  // MemberRole#prevent_delete_if_member_associated aborts the destroy; ee/lib/api/member_roles.rb
  // renders the service's message with render_api_error!(message, 400).
  it('deleting a role members hold answers 400 and keeps the role and its members', async () => {
    const { owner, group } = await ownedGroup()
    const role = await createGroupRole(owner.token, group.id, { read_code: true })
    const user = await createUser()
    const member = await api<MemberJson>(`/groups/${group.id}/members`, {
      method: 'POST',
      token: owner.token,
      body: { user_id: user.id, access_level: GUEST, member_role_id: role.id },
    })
    expect(member.status).toBe(201)

    const res = await api(`/groups/${group.id}/member_roles/${role.id}`, {
      method: 'DELETE',
      token: owner.token,
    })
    const listed = await api<MemberRoleJson[]>(`/groups/${group.id}/member_roles`, {
      token: owner.token,
    })
    const shown = await api<MemberJson>(`/groups/${group.id}/members/${user.id}`, {
      token: owner.token,
    })
    expect([res.status, res.body]).toEqual([
      400,
      {
        message:
          'Role is assigned to one or more group members. Remove role from all group members, then delete role.',
      },
    ])
    expect(listed.body.map((r) => r.id)).toEqual([role.id])
    expect(shown.body).toMatchObject({ id: user.id, access_level: GUEST })
    expect(shown.body.member_role).toMatchObject({ id: role.id })
  })
})
