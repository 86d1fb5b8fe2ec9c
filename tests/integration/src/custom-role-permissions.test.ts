import { api } from './support/api'
import {
  addMember,
  createGroup,
  createUser,
  createUserWithToken,
  type UserWithToken,
} from './support/factories'
import { cloneUrl, git, withTempDir } from './support/git'
import { FORBIDDEN } from './support/gitlab-errors'
import { createGroupRole, type MemberRoleJson } from './support/member-roles'
import { mrPath, openMergeRequest, waitForDiff } from './support/merge-requests'
import { addProjectMember, createProject } from './support/projects'
import {
  GUEST,
  type BranchJson,
  type GroupJson,
  type MemberJson,
  type ProjectJson,
} from './support/types'

/**
 * Custom member roles do something (issue 10, point 2): each enforced
 * permission is proven by a Guest whose custom role switches it on and who can
 * therefore do what a plain Guest of the same PRIVATE project or group cannot.
 * Roles belong to the top-level group; members get them through member_role_id.
 */

// Workers (diff collection) and git on two shared cores.
jest.setTimeout(120_000)

interface Fixture {
  owner: UserWithToken
  group: GroupJson
  project: ProjectJson
  /** A Guest of the project without a custom role. */
  plainGuest: UserWithToken
}

/** A private group of a fresh owner with a private project (README on main) and a plain Guest. */
async function privateFixture(): Promise<Fixture> {
  const owner = await createUserWithToken()
  const group = await createGroup(owner.token, { visibility: 'private' })
  const project = await createProject(owner.token, {
    namespace_id: group.id,
    visibility: 'private',
    initialize_with_readme: true,
  })
  const plainGuest = await createUserWithToken()
  await addProjectMember(project.id, plainGuest.user.id, GUEST, owner.token)
  return { owner, group, project, plainGuest }
}

/** A fresh user made a project Guest with `role` through POST /projects/:id/members. */
async function projectGuestWithRole(f: Fixture, role: MemberRoleJson): Promise<UserWithToken> {
  const member = await createUserWithToken()
  const res = await api<MemberJson>(`/projects/${f.project.id}/members`, {
    method: 'POST',
    token: f.owner.token,
    body: { user_id: member.user.id, access_level: GUEST, member_role_id: role.id },
  })
  expect(res.status).toBe(201)
  expect(res.body.member_role).toMatchObject({ id: role.id })
  return member
}

/** A fresh user made a group Guest with `role` through POST /groups/:id/members. */
async function groupGuestWithRole(f: Fixture, role: MemberRoleJson): Promise<UserWithToken> {
  const member = await createUserWithToken()
  const res = await api<MemberJson>(`/groups/${f.group.id}/members`, {
    method: 'POST',
    token: f.owner.token,
    body: { user_id: member.user.id, access_level: GUEST, member_role_id: role.id },
  })
  expect(res.status).toBe(201)
  expect(res.body.member_role).toMatchObject({ id: role.id })
  return member
}

async function cloneAs(who: UserWithToken, project: ProjectJson) {
  return withTempDir(async (dir) => {
    const result = await git(
      [
        'clone',
        '-q',
        cloneUrl(project.path_with_namespace, { username: who.user.username, token: who.token }),
        'wt',
      ],
      dir,
      {},
      30_000,
    )
    const head = result.code === 0 ? await git(['rev-parse', 'HEAD'], `${dir}/wt`) : undefined
    return { code: result.code, stderr: result.stderr, head: head?.stdout.trim() }
  })
}

describe('custom role permissions, enforced', () => {
  describe('read_code', () => {
    it('a Guest with read_code reads the repository over REST; a plain Guest gets 403', async () => {
      const f = await privateFixture()
      const role = await createGroupRole(f.owner.token, f.group.id, { read_code: true })
      const reader = await projectGuestWithRole(f, role)
      const paths = [
        `/projects/${f.project.id}/repository/branches`,
        `/projects/${f.project.id}/repository/branches/main`,
        `/projects/${f.project.id}/repository/commits`,
        `/projects/${f.project.id}/repository/tags`,
      ]
      for (const path of paths) {
        const granted = await api(path, { token: reader.token })
        expect([path, granted.status]).toEqual([path, 200])
        const denied = await api(path, { token: f.plainGuest.token })
        expect([path, denied.status, denied.body]).toEqual([path, 403, FORBIDDEN])
      }
      const branches = await api<BranchJson[]>(`/projects/${f.project.id}/repository/branches`, {
        token: reader.token,
      })
      expect(branches.body.map((b) => b.name)).toContain('main')
    })

    it('a Guest with read_code can git clone the private project; a plain Guest cannot', async () => {
      const f = await privateFixture()
      const role = await createGroupRole(f.owner.token, f.group.id, { read_code: true })
      const reader = await projectGuestWithRole(f, role)
      const main = await api<BranchJson>(`/projects/${f.project.id}/repository/branches/main`, {
        token: f.owner.token,
      })
      expect(main.status).toBe(200)

      const granted = await cloneAs(reader, f.project)
      expect({ code: granted.code, stderr: granted.stderr }).toEqual({ code: 0, stderr: '' })
      expect(granted.head).toBe(main.body.commit.id)

      const denied = await cloneAs(f.plainGuest, f.project)
      expect(denied.code).not.toBe(0)
    })

    it('read_code through a group membership reaches the group’s projects', async () => {
      const f = await privateFixture()
      const role = await createGroupRole(f.owner.token, f.group.id, { read_code: true })
      const reader = await groupGuestWithRole(f, role)
      const plainGroupGuest = await createUserWithToken()
      await addMember(f.group.id, plainGroupGuest.user.id, GUEST, f.owner.token)
      const path = `/projects/${f.project.id}/repository/branches`
      expect((await api(path, { token: reader.token })).status).toBe(200)
      const denied = await api(path, { token: plainGroupGuest.token })
      expect(denied.status).toBe(403)
      expect(denied.body).toEqual(FORBIDDEN)
    })

    it('a role without read_code gives a Guest nothing more (403)', async () => {
      const f = await privateFixture()
      const role = await createGroupRole(f.owner.token, f.group.id, { read_dependency: true })
      const member = await projectGuestWithRole(f, role)
      const res = await api(`/projects/${f.project.id}/repository/branches`, {
        token: member.token,
      })
      expect(res.status).toBe(403)
      expect(res.body).toEqual(FORBIDDEN)
    })
  })

  describe('admin_merge_request', () => {
    it('a Guest with admin_merge_request approves (201); a plain Guest is refused', async () => {
      const f = await privateFixture()
      const role = await createGroupRole(f.owner.token, f.group.id, { admin_merge_request: true })
      const approver = await projectGuestWithRole(f, role)
      const { mr, head } = await openMergeRequest(f.owner.token, f.project.id)
      await waitForDiff(f.owner.token, f.project.id, mr.iid, head)

      const refused = await api(mrPath(f.project.id, mr.iid, '/approve'), {
        method: 'POST',
        token: f.plainGuest.token,
      })
      // GitLab finds the merge request in the project the Guest can read, then
      // authorize! :approve_merge_request refuses (lib/api/merge_request_approvals.rb).
      expect([refused.status, refused.body]).toEqual([403, FORBIDDEN])

      const approved = await api<{ approved_by: { user: { id: number } }[] }>(
        mrPath(f.project.id, mr.iid, '/approve'),
        { method: 'POST', token: approver.token },
      )
      expect(approved.status).toBe(201)
      expect(approved.body.approved_by.map((entry) => entry.user.id)).toEqual([approver.user.id])

      const state = await api<{ approved_by: { user: { id: number } }[] }>(
        mrPath(f.project.id, mr.iid, '/approvals'),
        { token: f.owner.token },
      )
      expect(state.body.approved_by.map((entry) => entry.user.id)).toEqual([approver.user.id])
    })
  })

  describe('admin_group_member', () => {
    it('a Guest with admin_group_member adds group members (201); a plain Guest gets 403', async () => {
      const f = await privateFixture()
      const role = await createGroupRole(f.owner.token, f.group.id, { admin_group_member: true })
      const manager = await groupGuestWithRole(f, role)
      const plainGroupGuest = await createUserWithToken()
      await addMember(f.group.id, plainGroupGuest.user.id, GUEST, f.owner.token)
      const [first, second] = await Promise.all([createUser(), createUser()])

      const denied = await api(`/groups/${f.group.id}/members`, {
        method: 'POST',
        token: plainGroupGuest.token,
        body: { user_id: first.id, access_level: GUEST },
      })
      expect(denied.status).toBe(403)
      expect(denied.body).toEqual(FORBIDDEN)

      const added = await api<MemberJson>(`/groups/${f.group.id}/members`, {
        method: 'POST',
        token: manager.token,
        body: { user_id: first.id, access_level: GUEST },
      })
      expect(added.status).toBe(201)
      expect(added.body).toMatchObject({ id: first.id, access_level: GUEST })

      // Form fields too, and removing a member.
      const form = await api<MemberJson>(`/groups/${f.group.id}/members`, {
        method: 'POST',
        token: manager.token,
        form: { user_id: second.id, access_level: String(GUEST) },
      })
      expect(form.status).toBe(201)
      const removedByPlain = await api(`/groups/${f.group.id}/members/${second.id}`, {
        method: 'DELETE',
        token: plainGroupGuest.token,
      })
      expect(removedByPlain.status).toBe(403)
      const removed = await api(`/groups/${f.group.id}/members/${second.id}`, {
        method: 'DELETE',
        token: manager.token,
      })
      expect(removed.status).toBe(204)
    })
  })
})
