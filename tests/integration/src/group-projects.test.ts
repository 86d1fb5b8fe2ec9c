import { Gitlab } from '@gitbeaker/rest'
import { api } from './support/api'
import { createGroup, createUserWithToken, type UserWithToken } from './support/factories'
import { notFound } from './support/gitlab-errors'
import { createProject } from './support/projects'
import { baseUrl } from './support/suite-state'
import type { GroupJson, ProjectJson } from './support/types'

// lib/api/groups.rb GET :id/projects (GroupProjectsFinder: the group's own
// projects, with include_subgroups those below too, as the caller may read
// them; Project or, simple=true, BasicProjectDetails), GET :id/descendant_groups
// (GroupsFinder with include_parent_descendants) and GroupDetail's projects
// (with_projects, default true; at most 100; with_projects=false leaves
// projects and shared_projects out).

type GroupDetailJson = GroupJson & { projects?: ProjectJson[]; shared_projects?: ProjectJson[] }

describe('group projects and descendant groups', () => {
  let owner: UserWithToken
  let outsider: UserWithToken
  let group: GroupJson
  let sub: GroupJson
  let privateSub: GroupJson
  let deep: GroupJson
  let alpha: ProjectJson
  let beta: ProjectJson
  let hidden: ProjectJson
  let below: ProjectJson

  beforeAll(async () => {
    ;[owner, outsider] = await Promise.all([createUserWithToken(), createUserWithToken()])
    group = await createGroup(owner.token, { visibility: 'public' })
    sub = await createGroup(owner.token, {
      visibility: 'public',
      parent_id: group.id,
      name: 'b-sub',
    })
    privateSub = await createGroup(owner.token, {
      visibility: 'private',
      parent_id: group.id,
      name: 'a-private',
    })
    deep = await createGroup(owner.token, {
      visibility: 'public',
      parent_id: sub.id,
      name: 'c-deep',
    })
    alpha = await createProject(owner.token, {
      namespace_id: group.id,
      visibility: 'public',
      name: 'alpha',
    })
    beta = await createProject(owner.token, {
      namespace_id: group.id,
      visibility: 'public',
      name: 'beta',
      merge_requests_access_level: 'disabled',
    })
    hidden = await createProject(owner.token, {
      namespace_id: group.id,
      visibility: 'private',
      name: 'gamma',
    })
    below = await createProject(owner.token, {
      namespace_id: sub.id,
      visibility: 'public',
      name: 'delta',
    })
  })

  const ids = (body: { id: number }[]) => body.map((item) => item.id)

  it('lists the projects of a group the caller may read, newest first, with pagination headers', async () => {
    const anonymous = await api<ProjectJson[]>(`/groups/${group.id}/projects`)
    expect(anonymous.status).toBe(200)
    expect(ids(anonymous.body)).toEqual([beta.id, alpha.id])
    expect(anonymous.headers.get('x-total')).toBe('2')
    expect(anonymous.headers.get('x-page')).toBe('1')
    // An anonymous caller sees BasicProjectDetails.
    expect(anonymous.body[0]).not.toHaveProperty('permissions')

    const mine = await api<ProjectJson[]>(`/groups/${group.id}/projects`, { token: owner.token })
    expect(ids(mine.body)).toEqual([hidden.id, beta.id, alpha.id])
    expect(mine.body[0]).toHaveProperty('permissions')

    const paged = await api<ProjectJson[]>(`/groups/${group.id}/projects`, {
      token: owner.token,
      query: { per_page: 2, page: 2, order_by: 'name', sort: 'asc' },
    })
    expect(ids(paged.body)).toEqual([hidden.id])
    expect(paged.headers.get('x-total')).toBe('3')
    expect(paged.headers.get('x-total-pages')).toBe('2')
    expect(paged.headers.get('x-prev-page')).toBe('1')
    expect(paged.headers.get('link')).toContain('order_by=name')
  })

  it('filters as GitLab does', async () => {
    const get = async (query: Record<string, string | number | boolean>) =>
      ids(
        (
          await api<ProjectJson[]>(`/groups/${group.id}/projects`, {
            token: owner.token,
            query: { order_by: 'id', sort: 'asc', ...query },
          })
        ).body,
      )
    expect(await get({ include_subgroups: true })).toEqual([alpha.id, beta.id, hidden.id, below.id])
    expect(await get({ visibility: 'private' })).toEqual([hidden.id])
    expect(await get({ search: 'alp' })).toEqual([alpha.id])
    expect(await get({ archived: true })).toEqual([])
    expect(await get({ archived: false })).toEqual([alpha.id, beta.id, hidden.id])
    expect(await get({ with_merge_requests_enabled: true, archived: false })).toEqual([
      alpha.id,
      hidden.id,
    ])
    expect(await get({ owned: true, archived: false })).toEqual([alpha.id, beta.id, hidden.id])
    expect(await get({ with_shared: false, archived: false })).toEqual([
      alpha.id,
      beta.id,
      hidden.id,
    ])
    const simple = await api<Record<string, unknown>[]>(`/groups/${group.id}/projects`, {
      token: owner.token,
      query: { simple: true, per_page: 1 },
    })
    expect(simple.body[0]).not.toHaveProperty('permissions')
    expect(simple.body[0]).toHaveProperty('path_with_namespace')

    const bad = await api(`/groups/${group.id}/projects`, { query: { order_by: 'storage_size' } })
    expect(bad).toMatchObject({
      status: 400,
      body: { error: 'order_by does not have a valid value' },
    })
    const missing = await api(`/groups/999999999/projects`)
    expect(missing).toMatchObject({ status: 404, body: notFound('Group') })
    const privateGroup = await api(`/groups/${privateSub.id}/projects`, { token: outsider.token })
    expect(privateGroup).toMatchObject({ status: 404, body: notFound('Group') })
  })

  it('lists every descendant group the caller may see', async () => {
    const anonymous = await api<GroupJson[]>(`/groups/${group.id}/descendant_groups`)
    expect(anonymous.status).toBe(200)
    expect(ids(anonymous.body)).toEqual([sub.id, deep.id])
    expect(anonymous.headers.get('x-total')).toBe('2')

    const mine = await api<GroupJson[]>(`/groups/${group.id}/descendant_groups`, {
      token: owner.token,
    })
    expect(ids(mine.body)).toEqual([privateSub.id, sub.id, deep.id])

    const filtered = await api<GroupJson[]>(`/groups/${group.id}/descendant_groups`, {
      token: owner.token,
      query: { search: 'deep', order_by: 'id', sort: 'desc' },
    })
    expect(ids(filtered.body)).toEqual([deep.id])
    const skipped = await api<GroupJson[]>(`/groups/${group.id}/descendant_groups`, {
      token: owner.token,
      query: { skip_groups: [sub.id] },
    })
    expect(ids(skipped.body)).toEqual([privateSub.id, deep.id])
    // The subgroups endpoint still lists the children only.
    const children = await api<GroupJson[]>(`/groups/${group.id}/subgroups`, { token: owner.token })
    expect(ids(children.body)).toEqual([privateSub.id, sub.id])

    const client = new Gitlab({ host: baseUrl(), token: owner.token })
    const listed = await client.Groups.allDescendantGroups(sub.id, {})
    expect(listed.map((g) => g.id)).toEqual([deep.id])
    const projects = await client.Groups.allProjects(group.id, { includeSubgroups: true })
    expect(projects.map((p) => p.id)).toContain(below.id)
  })

  it("shows the group's own projects in GET /groups/:id unless with_projects=false", async () => {
    const detail = await api<GroupDetailJson>(`/groups/${group.id}`)
    expect(detail.status).toBe(200)
    expect(ids(detail.body.projects ?? [])).toEqual([beta.id, alpha.id])
    expect(detail.body.projects?.[0]).toMatchObject({ id: beta.id, name: 'beta' })
    expect(detail.body.shared_projects).toEqual([])
    const mine = await api<GroupDetailJson>(`/groups/${group.id}`, { token: owner.token })
    expect(ids(mine.body.projects ?? [])).toContain(hidden.id)
    expect(ids(mine.body.projects ?? [])).not.toContain(below.id)

    const without = await api<GroupDetailJson>(`/groups/${group.id}`, {
      query: { with_projects: false },
    })
    expect(without.status).toBe(200)
    expect(without.body).not.toHaveProperty('projects')
    expect(without.body).not.toHaveProperty('shared_projects')
    expect(without.body).toHaveProperty('shared_with_groups', [])
  })
})
