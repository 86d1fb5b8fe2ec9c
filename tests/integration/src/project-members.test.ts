import { api } from './support/api'
import {
  addMember,
  createGroup,
  createUser,
  createUserWithToken,
  type UserWithToken,
} from './support/factories'
import { FORBIDDEN, missing, notFound } from './support/gitlab-errors'
import { addProjectMember, createProject } from './support/projects'
import { baseUrl, rootToken } from './support/suite-state'
import {
  DEVELOPER,
  GUEST,
  MAINTAINER,
  OWNER,
  REPORTER,
  type MemberJson,
  type ProjectJson,
} from './support/types'

// Setups create several users, groups and projects; on two loaded cores that outgrows jest's 5 s.

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/
/** lib/api/api.rb rescues ActiveRecord::RecordNotFound (members.find_by!) with this body. */
const RECORD_NOT_FOUND = { message: '404 Not found' }

async function ownedProject(): Promise<{ owner: UserWithToken; project: ProjectJson }> {
  const owner = await createUserWithToken()
  const project = await createProject(owner.token)
  return { owner, project }
}

describe('project members', () => {
  it('makes the creator of a personal project its Owner (50)', async () => {
    const { owner, project } = await ownedProject()
    const res = await api<MemberJson[]>(`/projects/${project.id}/members`, { token: owner.token })
    expect(res.status).toBe(200)
    expect(res.body.map((m) => [m.id, m.access_level])).toEqual([[owner.user.id, OWNER]])
  })

  describe('POST /projects/:id/members', () => {
    it('adds a member (201) with GitLab member fields', async () => {
      const { owner, project } = await ownedProject()
      const user = await createUser()
      const res = await api<MemberJson>(`/projects/${project.id}/members`, {
        method: 'POST',
        token: owner.token,
        body: { user_id: user.id, access_level: DEVELOPER, expires_at: '2099-12-31' },
      })
      expect(res.status).toBe(201)
      expect(res.body).toMatchObject({
        id: user.id,
        username: user.username,
        name: user.name,
        state: 'active',
        web_url: `${baseUrl()}/${user.username}`,
        access_level: DEVELOPER,
        expires_at: '2099-12-31',
      })
      expect(res.body).toHaveProperty('avatar_url')
      expect(res.body.created_at).toMatch(ISO_TIME)
    })

    it('answers 409 "Member already exists" for a second add', async () => {
      const { owner, project } = await ownedProject()
      const user = await createUser()
      await addProjectMember(project.id, user.id, GUEST, owner.token)
      const res = await api(`/projects/${project.id}/members`, {
        method: 'POST',
        token: owner.token,
        body: { user_id: user.id, access_level: REPORTER },
      })
      expect(res.status).toBe(409)
      expect(res.body).toEqual({ message: 'Member already exists' })
    })

    it('answers 400 for a missing or unknown access level and 404 for an unknown user', async () => {
      const { owner, project } = await ownedProject()
      const user = await createUser()
      const noLevel = await api(`/projects/${project.id}/members`, {
        method: 'POST',
        token: owner.token,
        body: { user_id: user.id },
      })
      expect(noLevel.status).toBe(400)
      expect(noLevel.body).toEqual(missing('access_level'))
      const badLevel = await api(`/projects/${project.id}/members`, {
        method: 'POST',
        token: owner.token,
        body: { user_id: user.id, access_level: 35 },
      })
      expect(badLevel.status).toBe(400)
      const unknown = await api(`/projects/${project.id}/members`, {
        method: 'POST',
        token: owner.token,
        body: { user_id: 999999999, access_level: GUEST },
      })
      expect(unknown.status).toBe(404)
      expect(unknown.body).toEqual(notFound('User'))
    })

    it('a Maintainer adds members; a Developer gets 403', async () => {
      const { owner, project } = await ownedProject()
      const [maintainer, developer] = await Promise.all([
        createUserWithToken(),
        createUserWithToken(),
      ])
      await addProjectMember(project.id, maintainer.user.id, MAINTAINER, owner.token)
      await addProjectMember(project.id, developer.user.id, DEVELOPER, owner.token)
      const byMaintainer = await api(`/projects/${project.id}/members`, {
        method: 'POST',
        token: maintainer.token,
        body: { user_id: (await createUser()).id, access_level: REPORTER },
      })
      expect(byMaintainer.status).toBe(201)
      const byDeveloper = await api(`/projects/${project.id}/members`, {
        method: 'POST',
        token: developer.token,
        body: { user_id: (await createUser()).id, access_level: REPORTER },
      })
      expect(byDeveloper.status).toBe(403)
      expect(byDeveloper.body).toEqual(FORBIDDEN)
    })

    it('a new member gains access to the private project', async () => {
      const { owner, project } = await ownedProject()
      const reader = await createUserWithToken()
      expect((await api(`/projects/${project.id}`, { token: reader.token })).status).toBe(404)
      await addProjectMember(project.id, reader.user.id, REPORTER, owner.token)
      const res = await api<ProjectJson>(`/projects/${project.id}`, { token: reader.token })
      expect(res.status).toBe(200)
      expect(res.body.permissions?.project_access?.access_level).toBe(REPORTER)
    })

    it('a non-member of the private project gets 404 "Project Not Found"', async () => {
      const { project } = await ownedProject()
      const outsider = await createUserWithToken()
      const res = await api(`/projects/${project.id}/members`, {
        method: 'POST',
        token: outsider.token,
        body: { user_id: outsider.user.id, access_level: MAINTAINER },
      })
      expect(res.status).toBe(404)
      expect(res.body).toEqual(notFound('Project'))
    })
  })

  describe('GET, PUT and DELETE /projects/:id/members/:user_id', () => {
    it('reads, changes and removes a member', async () => {
      const { owner, project } = await ownedProject()
      const user = await createUserWithToken()
      await addProjectMember(project.id, user.user.id, GUEST, owner.token)
      const path = `/projects/${project.id}/members/${user.user.id}`

      const read = await api<MemberJson>(path, { token: owner.token })
      expect(read.status).toBe(200)
      expect(read.body).toMatchObject({ id: user.user.id, access_level: GUEST })

      const changed = await api<MemberJson>(path, {
        method: 'PUT',
        token: owner.token,
        body: { access_level: MAINTAINER },
      })
      expect(changed.status).toBe(200)
      expect(changed.body.access_level).toBe(MAINTAINER)
      const project2 = await api<ProjectJson>(`/projects/${project.id}`, { token: user.token })
      expect(project2.body.permissions?.project_access?.access_level).toBe(MAINTAINER)

      const noLevel = await api(path, { method: 'PUT', token: owner.token, body: {} })
      expect(noLevel.status).toBe(400)
      expect(noLevel.body).toEqual(missing('access_level'))

      const removed = await api(path, { method: 'DELETE', token: owner.token })
      expect(removed.status).toBe(204)
      expect(removed.text).toBe('')
      const gone = await api(path, { token: owner.token })
      expect(gone.status).toBe(404)
      expect(gone.body).toEqual(RECORD_NOT_FOUND)
      expect((await api(`/projects/${project.id}`, { token: user.token })).status).toBe(404)
    })

    it('answers 404 for a user who is not a member', async () => {
      const { owner, project } = await ownedProject()
      const user = await createUser()
      const res = await api(`/projects/${project.id}/members/${user.id}`, { token: owner.token })
      expect(res.status).toBe(404)
      expect(res.body).toEqual(RECORD_NOT_FOUND)
      const del = await api(`/projects/${project.id}/members/${user.id}`, {
        method: 'DELETE',
        token: owner.token,
      })
      expect(del.status).toBe(404)
    })

    it('a Developer may not change or remove members (403)', async () => {
      const { owner, project } = await ownedProject()
      const developer = await createUserWithToken()
      const other = await createUser()
      await addProjectMember(project.id, developer.user.id, DEVELOPER, owner.token)
      await addProjectMember(project.id, other.id, GUEST, owner.token)
      const put = await api(`/projects/${project.id}/members/${other.id}`, {
        method: 'PUT',
        token: developer.token,
        body: { access_level: REPORTER },
      })
      expect(put.status).toBe(403)
      const del = await api(`/projects/${project.id}/members/${other.id}`, {
        method: 'DELETE',
        token: developer.token,
      })
      expect(del.status).toBe(403)
    })
  })

  describe('inheritance from the group', () => {
    let groupOwner: UserWithToken
    let inherited: UserWithToken
    let both: UserWithToken
    let parentId: number
    let project: ProjectJson

    beforeAll(async () => {
      groupOwner = await createUserWithToken()
      ;[inherited, both] = await Promise.all([createUserWithToken(), createUserWithToken()])
      const parent = await createGroup(groupOwner.token)
      parentId = parent.id
      const child = await createGroup(groupOwner.token, { parent_id: parent.id })
      await addMember(parent.id, inherited.user.id, REPORTER)
      await addMember(parent.id, both.user.id, REPORTER)
      project = await createProject(groupOwner.token, { namespace_id: child.id })
      await addProjectMember(project.id, both.user.id, MAINTAINER, groupOwner.token)
    })

    it('/members lists direct members only', async () => {
      const res = await api<MemberJson[]>(`/projects/${project.id}/members`, {
        token: groupOwner.token,
      })
      expect(res.status).toBe(200)
      const ids = res.body.map((m) => m.id)
      expect(ids).toContain(both.user.id)
      expect(ids).not.toContain(inherited.user.id)
    })

    it('/members/all includes members inherited from ancestor groups, at their highest level', async () => {
      const res = await api<MemberJson[]>(`/projects/${project.id}/members/all`, {
        token: groupOwner.token,
      })
      expect(res.status).toBe(200)
      const level = (id: number) => res.body.find((m) => m.id === id)?.access_level
      expect(level(inherited.user.id)).toBe(REPORTER)
      expect(level(both.user.id)).toBe(MAINTAINER)
      expect(res.body.filter((m) => m.id === both.user.id)).toHaveLength(1)
      expect(level(groupOwner.user.id)).toBe(OWNER)
      expect(new Set(res.body.map((m) => m.id)).size).toBe(res.body.length)
      const one = await api<MemberJson>(
        `/projects/${project.id}/members/all/${inherited.user.id}`,
        { token: groupOwner.token },
      )
      expect(one.status).toBe(200)
      expect(one.body.access_level).toBe(REPORTER)
    })

    it('refuses a project level below the inherited one (400)', async () => {
      // app/models/member.rb, access_level_inclusion / validate_access_level_against_ancestors
      const res = await api<{ message: Record<string, string[]> }>(
        `/projects/${project.id}/members`,
        {
          method: 'POST',
          token: groupOwner.token,
          body: { user_id: inherited.user.id, access_level: GUEST },
        },
      )
      expect(res.status).toBe(400)
      expect(res.body.message.access_level?.[0]).toMatch(
        /^should be greater than or equal to Reporter inherited membership from group /,
      )
    })

    it('inherited membership gives read access with group_access in permissions', async () => {
      const res = await api<ProjectJson>(`/projects/${project.id}`, { token: inherited.token })
      expect(res.status).toBe(200)
      expect(res.body.permissions).toEqual({
        project_access: null,
        group_access: { access_level: REPORTER, notification_level: expect.any(Number) },
      })
    })

    it('a member removed from the group loses access', async () => {
      const leaver = await createUserWithToken()
      await addMember(parentId, leaver.user.id, GUEST)
      expect((await api(`/projects/${project.id}`, { token: leaver.token })).status).toBe(200)
      await api(`/groups/${parentId}/members/${leaver.user.id}`, {
        method: 'DELETE',
        token: rootToken(),
      })
      expect((await api(`/projects/${project.id}`, { token: leaver.token })).status).toBe(404)
    })
  })
})
