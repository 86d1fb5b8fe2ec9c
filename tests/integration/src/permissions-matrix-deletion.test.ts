import { api } from './support/api'
import { createGroup, createUserWithToken, type UserWithToken } from './support/factories'
import { FORBIDDEN, notFound, UNAUTHORIZED } from './support/gitlab-errors'
import { createGroupRole } from './support/member-roles'
import { addProjectMember, createProject } from './support/projects'
import { rootToken } from './support/suite-state'
import {
  DEVELOPER,
  GUEST,
  MAINTAINER,
  OWNER,
  REPORTER,
  type GroupJson,
  type MemberJson,
  type ProjectJson,
} from './support/types'

/**
 * DELETE /projects/:id for every kind of caller of a private, an internal and
 * a public project (issue 26, part 1), against GitLab's answers:
 * authenticate_non_get! (401 for anonymous), a project the caller may not
 * read is 404, one they may read without :remove_project (ProjectPolicy:
 * owner, admin) is 403, and the owner, an Owner member, an administrator and
 * a Guest whose custom role grants remove_project get 202 {"message":"202
 * Accepted"}, after which the project is 404 for them. Callers that must be
 * refused ask first, on one project per visibility; each caller that may
 * delete gets a project of their own.
 */

jest.setTimeout(120_000)

type Visibility = 'private' | 'internal' | 'public'
const VISIBILITIES: Visibility[] = ['private', 'internal', 'public']

const ACCEPTED = { message: '202 Accepted' }

interface Fixture {
  owner: UserWithToken
  group: GroupJson
  members: Record<'guest' | 'reporter' | 'developer' | 'maintainer' | 'ownerMember', UserWithToken>
  outsider: UserWithToken
  /** A project Guest whose custom role grants remove_project, and one whose role does not. */
  remover: UserWithToken
  readCodeGuest: UserWithToken
  removeRoleId: number
  readCodeRoleId: number
}

let f: Fixture

async function withRole(project: ProjectJson, user: UserWithToken, roleId: number) {
  const res = await api<MemberJson>(`/projects/${project.id}/members`, {
    method: 'POST',
    token: f.owner.token,
    body: { user_id: user.user.id, access_level: GUEST, member_role_id: roleId },
  })
  expect(res.status).toBe(201)
}

/** A project of the fixture's public group with every member of the fixture. */
async function groupProject(visibility: Visibility): Promise<ProjectJson> {
  const project = await createProject(f.owner.token, { namespace_id: f.group.id, visibility })
  const levels = {
    guest: GUEST,
    reporter: REPORTER,
    developer: DEVELOPER,
    maintainer: MAINTAINER,
    ownerMember: OWNER,
  } as const
  for (const [role, level] of Object.entries(levels)) {
    const user = f.members[role as keyof typeof levels]
    await addProjectMember(project.id, user.user.id, level, f.owner.token)
  }
  await withRole(project, f.remover, f.removeRoleId)
  await withRole(project, f.readCodeGuest, f.readCodeRoleId)
  return project
}

function remove(project: ProjectJson, token: string | undefined) {
  return api(`/projects/${project.id}`, { method: 'DELETE', ...(token ? { token } : {}) })
}

beforeAll(async () => {
  const owner = await createUserWithToken()
  const group = await createGroup(owner.token, { visibility: 'public' })
  const users = await Promise.all(Array.from({ length: 8 }, () => createUserWithToken()))
  const [guest, reporter, developer, maintainer, ownerMember, outsider, remover, readCodeGuest] =
    users as [
      UserWithToken,
      UserWithToken,
      UserWithToken,
      UserWithToken,
      UserWithToken,
      UserWithToken,
      UserWithToken,
      UserWithToken,
    ]
  const removeRole = await createGroupRole(owner.token, group.id, { remove_project: true })
  const readCodeRole = await createGroupRole(owner.token, group.id, { read_code: true })
  f = {
    owner,
    group,
    members: { guest, reporter, developer, maintainer, ownerMember },
    outsider,
    remover,
    readCodeGuest,
    removeRoleId: removeRole.id,
    readCodeRoleId: readCodeRole.id,
  }
}, 120_000)

describe.each(VISIBILITIES)('DELETE /projects/:id of a %s project', (visibility) => {
  it('refuses anonymous (401), outsiders (404 private, else 403) and members below Owner (403)', async () => {
    const project = await groupProject(visibility)
    const refused: [string, string | undefined, number, unknown][] = [
      ['anonymous', undefined, 401, UNAUTHORIZED],
      [
        'outsider',
        f.outsider.token,
        visibility === 'private' ? 404 : 403,
        visibility === 'private' ? notFound('Project') : FORBIDDEN,
      ],
      ['guest', f.members.guest.token, 403, FORBIDDEN],
      ['reporter', f.members.reporter.token, 403, FORBIDDEN],
      ['developer', f.members.developer.token, 403, FORBIDDEN],
      ['maintainer', f.members.maintainer.token, 403, FORBIDDEN],
      ['guest with a custom role without remove_project', f.readCodeGuest.token, 403, FORBIDDEN],
    ]
    for (const [who, token, status, body] of refused) {
      const res = await remove(project, token)
      expect([who, res.status, res.body]).toEqual([who, status, body])
    }
    // Still there for its owner.
    expect((await api(`/projects/${project.id}`, { token: f.owner.token })).status).toBe(200)
  })

  const allowed: [string, () => string][] = [
    ['the group owner', () => f.owner.token],
    ['an Owner member of the project', () => f.members.ownerMember.token],
    ['an administrator', () => rootToken()],
    ['a Guest whose custom role grants remove_project', () => f.remover.token],
  ]
  it.each(allowed)('lets %s delete it: 202, then 404', async (_who, token) => {
    const project = await groupProject(visibility)
    const res = await remove(project, token())
    expect([res.status, res.body]).toEqual([202, ACCEPTED])
    const read = await api(`/projects/${project.id}`, { token: token() })
    expect([read.status, read.body]).toEqual([404, notFound('Project')])
  })

  it('lets the owner of a personal project delete it', async () => {
    const project = await createProject(f.owner.token, { visibility })
    const res = await remove(project, f.owner.token)
    expect([res.status, res.body]).toEqual([202, ACCEPTED])
    expect((await api(`/projects/${project.id}`, { token: f.owner.token })).status).toBe(404)
  })
})

/**
 * DELETE /groups/:id for every kind of caller of a private, an internal and
 * a public group: 401 for anonymous, 404 for a private group the caller may
 * not read, 403 without :remove_group (GroupPolicy: Owner, admin; a custom
 * role's remove_group only on subgroups), 202 {"message":"202 Accepted"}
 * with it, after which the group is 404.
 */
describe.each(VISIBILITIES)('DELETE /groups/:id of a %s group', (visibility) => {
  async function memberOf(group: GroupJson, user: UserWithToken, level: number, roleId?: number) {
    const res = await api<MemberJson>(`/groups/${group.id}/members`, {
      method: 'POST',
      token: f.owner.token,
      body: {
        user_id: user.user.id,
        access_level: level,
        ...(roleId ? { member_role_id: roleId } : {}),
      },
    })
    expect(res.status).toBe(201)
  }

  /** A group of the fixture's owner with every member of the fixture. */
  async function ownGroup(): Promise<GroupJson> {
    const group = await createGroup(f.owner.token, { visibility })
    const levels = {
      guest: GUEST,
      reporter: REPORTER,
      developer: DEVELOPER,
      maintainer: MAINTAINER,
      ownerMember: OWNER,
    } as const
    for (const [role, level] of Object.entries(levels)) {
      await memberOf(group, f.members[role as keyof typeof levels], level)
    }
    return group
  }

  function removeGroup(group: GroupJson, token: string | undefined) {
    return api(`/groups/${group.id}`, { method: 'DELETE', ...(token ? { token } : {}) })
  }

  it('refuses anonymous (401), outsiders (404 private, else 403) and members below Owner (403)', async () => {
    const group = await ownGroup()
    const refused: [string, string | undefined, number, unknown][] = [
      ['anonymous', undefined, 401, UNAUTHORIZED],
      [
        'outsider',
        f.outsider.token,
        visibility === 'private' ? 404 : 403,
        visibility === 'private' ? notFound('Group') : FORBIDDEN,
      ],
      ['guest', f.members.guest.token, 403, FORBIDDEN],
      ['reporter', f.members.reporter.token, 403, FORBIDDEN],
      ['developer', f.members.developer.token, 403, FORBIDDEN],
      ['maintainer', f.members.maintainer.token, 403, FORBIDDEN],
    ]
    for (const [who, token, status, body] of refused) {
      const res = await removeGroup(group, token)
      expect([who, res.status, res.body]).toEqual([who, status, body])
    }
    expect((await api(`/groups/${group.id}`, { token: f.owner.token })).status).toBe(200)
  })

  const allowed: [string, () => string][] = [
    ['its owner', () => f.owner.token],
    ['an Owner member', () => f.members.ownerMember.token],
    ['an administrator', () => rootToken()],
  ]
  it.each(allowed)('lets %s delete it: 202, then 404', async (_who, token) => {
    const group = await ownGroup()
    const res = await removeGroup(group, token())
    expect([res.status, res.body]).toEqual([202, ACCEPTED])
    const read = await api(`/groups/${group.id}`, { token: token() })
    expect([read.status, read.body]).toEqual([404, notFound('Group')])
  })

  it('lets a Guest whose custom role grants remove_group delete a subgroup, not the top group', async () => {
    const group = await createGroup(f.owner.token, { visibility })
    const role = await createGroupRole(f.owner.token, group.id, { remove_group: true })
    await memberOf(group, f.remover, GUEST, role.id)
    const path = `sub-${Date.now().toString(36)}`
    const child = await api<GroupJson>('/groups', {
      method: 'POST',
      token: f.owner.token,
      body: { name: path, path, parent_id: group.id, visibility },
    })
    expect(child.status).toBe(201)
    const top = await removeGroup(group, f.remover.token)
    expect([top.status, top.body]).toEqual([403, FORBIDDEN])
    const sub = await removeGroup(child.body, f.remover.token)
    expect([sub.status, sub.body]).toEqual([202, ACCEPTED])
    expect((await api(`/groups/${child.body.id}`, { token: f.owner.token })).status).toBe(404)
    expect((await api(`/groups/${group.id}`, { token: f.owner.token })).status).toBe(200)
  })
})
