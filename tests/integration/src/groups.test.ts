import { api } from './support/api'
import { addMember, createGroup, createUserWithToken, uniqueName } from './support/factories'
import { FORBIDDEN, missing, notFound, UNAUTHORIZED } from './support/gitlab-errors'
import { baseUrl, rootToken } from './support/suite-state'
import { DEVELOPER, GUEST, type GroupJson } from './support/types'

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/
const GROUP_NOT_FOUND = notFound('Group')

describe('groups', () => {
  describe('POST /groups', () => {
    it('creates a group (201) with GitLab fields', async () => {
      const { token } = await createUserWithToken()
      const path = uniqueName('grp')
      const res = await api<GroupJson>('/groups', {
        method: 'POST',
        token,
        body: { name: `Group ${path}`, path },
      })
      expect(res.status).toBe(201)
      expect(res.headers.get('content-type')).toBe('application/json')
      expect(res.body).toMatchObject({
        name: `Group ${path}`,
        path,
        full_path: path,
        full_name: `Group ${path}`,
        description: '',
        visibility: 'private',
        parent_id: null,
        web_url: `${baseUrl()}/groups/${path}`,
        avatar_url: null,
        auto_devops_enabled: null,
        share_with_group_lock: false,
        require_two_factor_authentication: false,
        two_factor_grace_period: 48,
        lfs_enabled: true,
      })
      expect(res.body.id).toEqual(expect.any(Number))
      expect(res.body.created_at).toMatch(ISO_TIME)
      for (const field of [
        'project_creation_level',
        'subgroup_creation_level',
        'request_access_enabled',
        'emails_enabled',
        'mentions_disabled',
        'default_branch',
        'default_branch_protection',
      ]) {
        expect(res.body).toHaveProperty(field)
      }
    })

    it('takes description and visibility', async () => {
      const group = await createGroup(rootToken(), {
        description: 'About us',
        visibility: 'public',
      })
      expect(group).toMatchObject({ description: 'About us', visibility: 'public' })
    })

    it('creates a subgroup under parent_id, with parent/child full path', async () => {
      const parent = await createGroup(rootToken())
      const path = uniqueName('child')
      const res = await api<GroupJson>('/groups', {
        method: 'POST',
        token: rootToken(),
        body: { name: 'Child', path, parent_id: parent.id },
      })
      expect(res.status).toBe(201)
      expect(res.body).toMatchObject({
        parent_id: parent.id,
        full_path: `${parent.path}/${path}`,
        full_name: `${parent.name} / Child`,
        web_url: `${baseUrl()}/groups/${parent.path}/${path}`,
      })
    })

    it('answers 400 "name is missing" and "path is missing"', async () => {
      const noName = await api('/groups', {
        method: 'POST',
        token: rootToken(),
        body: { path: uniqueName('grp') },
      })
      expect(noName.status).toBe(400)
      expect(noName.body).toEqual(missing('name'))

      const noPath = await api('/groups', {
        method: 'POST',
        token: rootToken(),
        body: { name: 'x' },
      })
      expect(noPath.status).toBe(400)
      expect(noPath.body).toEqual(missing('path'))
    })

    it('answers 400 "Failed to save group" for a path already taken', async () => {
      const existing = await createGroup(rootToken())
      const res = await api('/groups', {
        method: 'POST',
        token: rootToken(),
        body: { name: uniqueName('other'), path: existing.path },
      })
      expect(res.status).toBe(400)
      expect(res.body).toEqual({
        message: 'Failed to save group {:path=>["has already been taken"]}',
      })
    })

    it('allows the same path under different parents but not twice under one', async () => {
      const [a, b] = await Promise.all([createGroup(rootToken()), createGroup(rootToken())])
      const path = uniqueName('same')
      await createGroup(rootToken(), { path, parent_id: a.id })
      await createGroup(rootToken(), { path, parent_id: b.id })
      const again = await api('/groups', {
        method: 'POST',
        token: rootToken(),
        body: { name: uniqueName('n'), path, parent_id: a.id },
      })
      expect(again.status).toBe(400)
      expect(again.body).toEqual({
        message: 'Failed to save group {:path=>["has already been taken"]}',
      })
    })

    it.each(['bad path!', 'api', '-leading-dash'])('answers 400 for the path %j', async (path) => {
      const res = await api<{ message: string }>('/groups', {
        method: 'POST',
        token: rootToken(),
        body: { name: uniqueName('bad'), path },
      })
      expect(res.status).toBe(400)
      expect(res.body.message).toMatch(/^Failed to save group \{:path=>\[/)
    })

    it('subgroups: a non-member of a public parent gets 403', async () => {
      const parent = await createGroup(rootToken(), { visibility: 'public' })
      const { token } = await createUserWithToken()
      const path = uniqueName('sub')
      const res = await api('/groups', {
        method: 'POST',
        token,
        body: { name: path, path, parent_id: parent.id },
      })
      expect(res.status).toBe(403)
      expect(res.body).toEqual(FORBIDDEN)
    })

    it('subgroups: a non-member of a private parent gets 404 (it cannot see the parent)', async () => {
      const parent = await createGroup(rootToken())
      const { token } = await createUserWithToken()
      const path = uniqueName('sub')
      const res = await api('/groups', {
        method: 'POST',
        token,
        body: { name: path, path, parent_id: parent.id },
      })
      expect(res.status).toBe(404)
      expect(res.body).toEqual(GROUP_NOT_FOUND)
    })

    it.each([
      ['Guest', GUEST],
      ['Developer', DEVELOPER],
    ])('subgroups: a %s of the parent gets 403', async (_role, level) => {
      const parent = await createGroup(rootToken())
      const { user, token } = await createUserWithToken()
      await addMember(parent.id, user.id, level)
      const path = uniqueName('sub')
      const res = await api('/groups', {
        method: 'POST',
        token,
        body: { name: path, path, parent_id: parent.id },
      })
      expect(res.status).toBe(403)
      expect(res.body).toEqual(FORBIDDEN)
    })

    it('subgroups: the owner of the parent may create one', async () => {
      const { token } = await createUserWithToken()
      const parent = await createGroup(token)
      const child = await createGroup(token, { parent_id: parent.id })
      expect(child.parent_id).toBe(parent.id)
    })
  })

  describe('GET /groups/:id', () => {
    it('finds a group by numeric id, by path and by URL-encoded full path', async () => {
      const parent = await createGroup(rootToken())
      const child = await createGroup(rootToken(), { parent_id: parent.id })

      const byId = await api<GroupJson>(`/groups/${child.id}`, { token: rootToken() })
      expect(byId.status).toBe(200)
      expect(byId.body).toMatchObject({ id: child.id, full_path: child.full_path })

      const byPath = await api<GroupJson>(`/groups/${parent.path}`, { token: rootToken() })
      expect(byPath.status).toBe(200)
      expect(byPath.body.id).toBe(parent.id)

      const encoded = encodeURIComponent(child.full_path)
      expect(encoded).toContain('%2F')
      const byFullPath = await api<GroupJson>(`/groups/${encoded}`, { token: rootToken() })
      expect(byFullPath.status).toBe(200)
      expect(byFullPath.body.id).toBe(child.id)
    })

    it('answers 404 {"message":"404 Group Not Found"} for an unknown group', async () => {
      const byId = await api('/groups/999999999', { token: rootToken() })
      expect(byId.status).toBe(404)
      expect(byId.body).toEqual(GROUP_NOT_FOUND)

      const byPath = await api(`/groups/${uniqueName('nowhere')}`, { token: rootToken() })
      expect(byPath.status).toBe(404)
      expect(byPath.body).toEqual(GROUP_NOT_FOUND)
    })

    it('hides a private group (404) from non-members and anonymous callers', async () => {
      const group = await createGroup(rootToken(), { visibility: 'private' })
      const { token } = await createUserWithToken()
      for (const res of [
        await api(`/groups/${group.id}`, { token }),
        await api(`/groups/${group.id}`),
        await api(`/groups/${encodeURIComponent(group.full_path)}`),
      ]) {
        expect(res.status).toBe(404)
        expect(res.body).toEqual(GROUP_NOT_FOUND)
      }
    })

    it('shows a private group to its members and to admins', async () => {
      const { token: ownerToken } = await createUserWithToken()
      const group = await createGroup(ownerToken, { visibility: 'private' })
      const { user: guest, token: guestToken } = await createUserWithToken()
      await addMember(group.id, guest.id, GUEST, ownerToken)

      for (const token of [ownerToken, guestToken, rootToken()]) {
        const res = await api<GroupJson>(`/groups/${group.id}`, { token })
        expect(res.status).toBe(200)
        expect(res.body.id).toBe(group.id)
      }
    })

    it('shows a public group to anyone, signed in or not', async () => {
      const group = await createGroup(rootToken(), { visibility: 'public' })
      const { token } = await createUserWithToken()
      for (const res of [
        await api<GroupJson>(`/groups/${group.id}`),
        await api<GroupJson>(`/groups/${group.id}`, { token }),
      ]) {
        expect(res.status).toBe(200)
        expect(res.body).toMatchObject({ id: group.id, visibility: 'public' })
      }
    })

    it('shows an internal group to signed-in users only', async () => {
      const group = await createGroup(rootToken(), { visibility: 'internal' })
      const { token } = await createUserWithToken()
      expect((await api(`/groups/${group.id}`, { token })).status).toBe(200)
      const anonymous = await api(`/groups/${group.id}`)
      expect(anonymous.status).toBe(404)
      expect(anonymous.body).toEqual(GROUP_NOT_FOUND)
    })
  })

  describe('GET /groups/:id/subgroups', () => {
    it('lists the direct children only', async () => {
      const parent = await createGroup(rootToken())
      const a = await createGroup(rootToken(), { parent_id: parent.id })
      const b = await createGroup(rootToken(), { parent_id: parent.id })
      await createGroup(rootToken(), { parent_id: a.id })

      const res = await api<GroupJson[]>(`/groups/${parent.id}/subgroups`, { token: rootToken() })
      expect(res.status).toBe(200)
      expect(res.body.map((g) => g.id).sort()).toEqual([a.id, b.id].sort())
      expect(res.body.every((g) => g.parent_id === parent.id)).toBe(true)
      expect(res.headers.get('x-total')).toBe('2')
    })

    it('answers 404 for a private parent the caller cannot see', async () => {
      const parent = await createGroup(rootToken())
      const { token } = await createUserWithToken()
      const res = await api(`/groups/${parent.id}/subgroups`, { token })
      expect(res.status).toBe(404)
      expect(res.body).toEqual(GROUP_NOT_FOUND)
    })
  })

  describe('GET /groups', () => {
    it('lists what the caller may see, ordered by name, with pagination headers', async () => {
      const marker = uniqueName('list')
      const { user, token } = await createUserWithToken()
      const mine = await createGroup(token, { name: `C ${marker}`, visibility: 'private' })
      const shared = await createGroup(rootToken(), { name: `B ${marker}`, visibility: 'private' })
      await addMember(shared.id, user.id, GUEST)
      const open = await createGroup(rootToken(), { name: `A ${marker}`, visibility: 'public' })
      const hidden = await createGroup(rootToken(), { name: `D ${marker}`, visibility: 'private' })

      // A signed-in non-admin lists their own groups unless all_available=true.
      const asUser = await api<GroupJson[]>('/groups', { token, query: { search: marker } })
      expect(asUser.status).toBe(200)
      expect(asUser.body.map((g) => g.id)).toEqual([shared.id, mine.id])
      expect(asUser.headers.get('x-total')).toBe('2')
      expect(asUser.headers.get('x-page')).toBe('1')
      expect(asUser.headers.get('x-per-page')).toBe('20')

      const available = await api<GroupJson[]>('/groups', {
        token,
        query: { search: marker, all_available: true },
      })
      expect(available.body.map((g) => g.id)).toEqual([open.id, shared.id, mine.id])

      const asAdmin = await api<GroupJson[]>('/groups', {
        token: rootToken(),
        query: { search: marker },
      })
      expect(asAdmin.body.map((g) => g.id)).toEqual([open.id, shared.id, mine.id, hidden.id])

      const anonymous = await api<GroupJson[]>('/groups', { query: { search: marker } })
      expect(anonymous.status).toBe(200)
      expect(anonymous.body.map((g) => g.id)).toEqual([open.id])
    })

    it('?owned=true lists only groups the caller owns', async () => {
      const marker = uniqueName('owned')
      const { user, token } = await createUserWithToken()
      const mine = await createGroup(token, { name: `Mine ${marker}` })
      const theirs = await createGroup(rootToken(), { name: `Theirs ${marker}` })
      await addMember(theirs.id, user.id, DEVELOPER)

      const res = await api<GroupJson[]>('/groups', {
        token,
        query: { search: marker, owned: true },
      })
      expect(res.status).toBe(200)
      expect(res.body.map((g) => g.id)).toEqual([mine.id])
    })
  })

  it('anonymous callers cannot create groups', async () => {
    const path = uniqueName('anon')
    const res = await api('/groups', { method: 'POST', body: { name: path, path } })
    expect(res.status).toBe(401)
    expect(res.body).toEqual(UNAUTHORIZED)
  })
})
