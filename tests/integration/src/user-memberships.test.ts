import { Gitlab } from '@gitbeaker/rest'
import { api } from './support/api'
import {
  addMember,
  createGroup,
  createUserWithToken,
  type UserWithToken,
} from './support/factories'
import { FORBIDDEN, notFound, UNAUTHORIZED } from './support/gitlab-errors'
import { addProjectMember, createProject } from './support/projects'
import { baseUrl, rootToken } from './support/suite-state'
import { DEVELOPER, MAINTAINER, type GroupJson, type ProjectJson } from './support/types'

// Issue 26, point 3: GET /users/:user_id/memberships as lib/api/users.rb and
// API::Entities::Membership answer it: admins only, the user's direct group
// (Namespace) and project memberships, `type` filter, offset pagination.

interface MembershipJson {
  source_id: number
  source_name: string
  source_type: 'Project' | 'Namespace'
  access_level: number
}

describe('GET /users/:user_id/memberships', () => {
  let member: UserWithToken
  let stranger: UserWithToken
  let group: GroupJson
  let project: ProjectJson
  let groupRow: MembershipJson
  let projectRow: MembershipJson

  beforeAll(async () => {
    const owner = await createUserWithToken()
    ;[member, stranger] = await Promise.all([createUserWithToken(), createUserWithToken()])
    group = await createGroup(rootToken())
    await addMember(group.id, member.user.id, DEVELOPER)
    project = await createProject(owner.token, { visibility: 'private' })
    await addProjectMember(project.id, member.user.id, MAINTAINER, owner.token)
    groupRow = {
      source_id: group.id,
      source_name: group.name,
      source_type: 'Namespace',
      access_level: DEVELOPER,
    }
    projectRow = {
      source_id: project.id,
      source_name: project.name,
      source_type: 'Project',
      access_level: MAINTAINER,
    }
  })

  const memberships = (query = '', token = rootToken()) =>
    api<MembershipJson[]>(`/users/${member.user.id}/memberships${query}`, { token })

  it('lists every direct membership, oldest first, for an admin', async () => {
    const res = await memberships()
    expect(res.status).toBe(200)
    expect(res.body).toEqual([groupRow, projectRow])
    expect(res.headers.get('x-total')).toBe('2')
    expect(res.headers.get('x-per-page')).toBe('20')
  })

  it('filters by type=Project and type=Namespace; another type is 400', async () => {
    expect((await memberships('?type=Project')).body).toEqual([projectRow])
    expect((await memberships('?type=Namespace')).body).toEqual([groupRow])
    const bad = await memberships('?type=Group')
    expect([bad.status, bad.body]).toEqual([400, { error: 'type does not have a valid value' }])
  })

  it('pages with GitLab headers', async () => {
    const first = await memberships('?per_page=1')
    expect(first.body).toEqual([groupRow])
    expect(first.headers.get('x-total-pages')).toBe('2')
    expect(first.headers.get('x-next-page')).toBe('2')
    expect((await memberships('?per_page=1&page=2')).body).toEqual([projectRow])
    expect((await memberships('?per_page=1&page=3')).body).toEqual([])
  })

  it('is empty for a user without memberships, 404 for no such user', async () => {
    const none = await api(`/users/${stranger.user.id}/memberships`, { token: rootToken() })
    expect([none.status, none.body]).toEqual([200, []])
    const missing = await api('/users/999999999/memberships', { token: rootToken() })
    expect([missing.status, missing.body]).toEqual([404, notFound('User')])
  })

  it('is 401 anonymous and 403 for non-admins, the user themselves included', async () => {
    const anonymous = await api(`/users/${member.user.id}/memberships`)
    expect([anonymous.status, anonymous.body]).toEqual([401, UNAUTHORIZED])
    for (const token of [member.token, stranger.token]) {
      const res = await memberships('', token)
      expect([res.status, res.body]).toEqual([403, FORBIDDEN])
    }
    const missing = await api('/users/999999999/memberships', { token: stranger.token })
    expect([missing.status, missing.body]).toEqual([403, FORBIDDEN])
  })

  it('works through @gitbeaker/rest (Users.allMemberships)', async () => {
    const client = new Gitlab({ host: baseUrl(), token: rootToken() })
    const all = await client.Users.allMemberships(member.user.id)
    expect(all).toEqual([groupRow, projectRow])
    const groups = await client.Users.allMemberships(member.user.id, { type: 'Namespace' })
    expect(groups).toEqual([groupRow])
  })
})
