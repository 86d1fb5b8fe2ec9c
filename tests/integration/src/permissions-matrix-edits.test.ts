import { api } from './support/api'
import { createGroup } from './support/factories'
import { notFound, UNAUTHORIZED } from './support/gitlab-errors'
import { OWNER } from './support/types'
import {
  castGroup,
  castProject,
  createCast,
  expectedWrite,
  ROLES,
  VISIBILITIES,
  type Cast,
  type Role,
  type Visibility,
} from './support/write-matrix'

/**
 * The editing and moving routes of issue 26 asked by every kind of caller of
 * a private, an internal and a public group or project. GitLab authenticates
 * these writes first (401), hides what the caller cannot read (404), then
 * asks the route's ability (403): admin_group for PUT /groups/:id and POST
 * /groups/:id/transfer, change_namespace for PUT /projects/:id/transfer, all
 * the Owners' and the administrators'. POST /projects/:id/fork needs
 * fork_project (whoever reads the code; GitLab's bare 404 otherwise) and GET
 * /projects/:id/forks what reading the project needs.
 */

/** GitLab's answer to a write only the Owner (and an admin) may make. */
function expected(
  role: Role,
  visibility: Visibility,
  resource: 'Group' | 'Project',
  success = 200,
) {
  return expectedWrite(role, visibility, resource, OWNER, success)
}

describe('permission matrix: editing and moving', () => {
  let cast: Cast
  const groups = new Map<Visibility, number>()
  const projects = new Map<Visibility, number>()
  /** Where the Owner and the admin move each project (each a different group). */
  const targets = new Map<Role, number>()
  /** Where the Owner and the admin move each group (public, so no level changes). */
  const groupTargets = new Map<Role, number>()
  /** The group each role shares each group with (public: readable by all who try). */
  const invitedGroups = new Map<Role, number>()
  const tokenOf = (role: Role): string | undefined => cast.tokenOf(role)

  beforeAll(async () => {
    cast = await createCast()
    const owner = cast.user('owner')
    for (const role of ['owner', 'admin', 'maintainer'] as const) {
      targets.set(role, (await createGroup(owner.token, { visibility: 'public' })).id)
      groupTargets.set(role, (await createGroup(owner.token, { visibility: 'public' })).id)
      invitedGroups.set(role, (await createGroup(owner.token, { visibility: 'public' })).id)
    }
    for (const visibility of VISIBILITIES) {
      groups.set(visibility, (await castGroup(cast, { visibility })).id)
      projects.set(visibility, (await castProject(cast, { visibility })).id)
    }
  })

  for (const visibility of VISIBILITIES) {
    for (const role of ROLES) {
      const want = expected(role, visibility, 'Group')
      it(`PUT /groups/:id | ${visibility} | ${role} -> ${want.status}`, async () => {
        const description = `set by ${role}`
        const res = await api<{ description: string }>(`/groups/${groups.get(visibility)}`, {
          method: 'PUT',
          token: tokenOf(role),
          body: { description },
        })
        expect(res.status).toBe(want.status)
        if (want.body) expect(res.body).toEqual(want.body)
        else expect(res.body.description).toBe(description)
      })
    }
  }

  for (const visibility of VISIBILITIES) {
    for (const role of ROLES) {
      const want = expected(role, visibility, 'Group', 201)
      it(`POST /groups/:id/transfer | ${visibility} | ${role} -> ${want.status}`, async () => {
        const parent = groupTargets.get(role) ?? groupTargets.get('maintainer')
        const res = await api<{ parent_id: number }>(`/groups/${groups.get(visibility)}/transfer`, {
          method: 'POST',
          token: tokenOf(role),
          body: { group_id: parent },
        })
        expect(res.status).toBe(want.status)
        if (want.body) expect(res.body).toEqual(want.body)
        else expect(res.body.parent_id).toBe(parent)
      })
    }
  }

  // POST /groups/:id/share and DELETE /groups/:id/share/:group_id: Groups::GroupLinks'
  // admin_group_member (the Owners' and the administrators'); refused, GitLab's bare
  // 404 Not Found from the service rather than a 403.
  const expectedShare = (role: Role, visibility: Visibility, success: number) => {
    const want = expected(role, visibility, 'Group', success)
    return want.status === 403 ? { status: 404, body: { message: 'Not Found' } } : want
  }
  for (const visibility of VISIBILITIES) {
    for (const role of ROLES) {
      const want = expectedShare(role, visibility, 201)
      it(`POST /groups/:id/share | ${visibility} | ${role} -> ${want.status}`, async () => {
        const invited = invitedGroups.get(role) ?? invitedGroups.get('maintainer')
        const res = await api<{ shared_with_groups: { group_id: number }[] }>(
          `/groups/${groups.get(visibility)}/share`,
          { method: 'POST', token: tokenOf(role), body: { group_id: invited, group_access: 30 } },
        )
        expect(res.status).toBe(want.status)
        if (want.body) expect(res.body).toEqual(want.body)
        else expect(res.body.shared_with_groups.map((g) => g.group_id)).toContain(invited)
      })
    }
  }
  for (const visibility of VISIBILITIES) {
    for (const role of ROLES) {
      const want = expectedShare(role, visibility, 204)
      it(`DELETE /groups/:id/share/:group_id | ${visibility} | ${role} -> ${want.status}`, async () => {
        // Those refused try the Owner's link, which exists until the Owner removes it.
        const invited = invitedGroups.get(want.body ? 'owner' : role)
        const res = await api(`/groups/${groups.get(visibility)}/share/${invited}`, {
          method: 'DELETE',
          token: tokenOf(role),
        })
        expect(res.status).toBe(want.status)
        if (want.body) expect(res.body).toEqual(want.body)
      })
    }
  }

  for (const visibility of VISIBILITIES) {
    for (const role of ROLES) {
      const want = expected(role, visibility, 'Project')
      it(`PUT /projects/:id/transfer | ${visibility} | ${role} -> ${want.status}`, async () => {
        const namespace = targets.get(role) ?? targets.get('maintainer')
        const res = await api<{ namespace: { id: number } }>(
          `/projects/${projects.get(visibility)}/transfer`,
          { method: 'PUT', token: tokenOf(role), body: { namespace } },
        )
        expect(res.status).toBe(want.status)
        if (want.body) expect(res.body).toEqual(want.body)
        else expect(res.body.namespace.id).toBe(namespace)
      })
    }
  }
})

/** GitLab's answer to POST /projects/:id/fork: the code readable, signed in. */
function expectedFork(role: Role, visibility: Visibility) {
  if (role === 'anonymous') return { status: 401, body: UNAUTHORIZED }
  if (visibility === 'private' && role === 'non-member') {
    return { status: 404, body: notFound('Project') }
  }
  if (visibility === 'private' && role === 'guest') {
    return { status: 404, body: { message: '404 Not Found' } }
  }
  return { status: 201 }
}

describe('permission matrix: forks', () => {
  let cast: Cast
  const projects = new Map<Visibility, { id: number; path: string }>()
  const tokenOf = (role: Role): string | undefined => cast.tokenOf(role)

  beforeAll(async () => {
    cast = await createCast()
    for (const visibility of VISIBILITIES) {
      const project = await castProject(cast, { visibility, initialize_with_readme: true })
      projects.set(visibility, project)
    }
  })

  for (const visibility of VISIBILITIES) {
    for (const role of ROLES) {
      const want = expectedFork(role, visibility)
      it(`POST /projects/:id/fork | ${visibility} | ${role} -> ${want.status}`, async () => {
        const upstream = projects.get(visibility) as { id: number; path: string }
        // A path of its own, so the Owner's fork can sit beside the upstream.
        const path = `${upstream.path}-${role.replace(/[^a-z]/g, '')}`
        const res = await api<{ forked_from_project: { id: number } }>(
          `/projects/${upstream.id}/fork`,
          { method: 'POST', token: tokenOf(role), body: { path, name: path } },
        )
        expect(res.status).toBe(want.status)
        if (want.body) expect(res.body).toEqual(want.body)
        else expect(res.body.forked_from_project.id).toBe(upstream.id)
      })
    }
  }

  for (const visibility of VISIBILITIES) {
    for (const role of ROLES) {
      const readable =
        visibility === 'public' ||
        (visibility === 'internal' && role !== 'anonymous') ||
        !['anonymous', 'non-member'].includes(role)
      const want = readable ? 200 : 404
      it(`GET /projects/:id/forks | ${visibility} | ${role} -> ${want}`, async () => {
        const res = await api<unknown[]>(`/projects/${projects.get(visibility)?.id}/forks`, {
          token: tokenOf(role),
        })
        expect(res.status).toBe(want)
        if (!readable) expect(res.body).toEqual(notFound('Project'))
        else expect(Array.isArray(res.body)).toBe(true)
      })
    }
  }
})
