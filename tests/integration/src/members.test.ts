import { api } from './support/api'
import {
  addMember,
  createGroup,
  createUser,
  createUserWithToken,
  type UserWithToken,
} from './support/factories'
import { FORBIDDEN, missing, notFound } from './support/gitlab-errors'
import { baseUrl, rootToken } from './support/suite-state'
import {
  DEVELOPER,
  GUEST,
  MAINTAINER,
  OWNER,
  REPORTER,
  type GroupJson,
  type MemberJson,
} from './support/types'

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/
/** lib/api/api.rb rescues ActiveRecord::RecordNotFound (members.find_by!) with this body. */
const RECORD_NOT_FOUND = { message: '404 Not found' }

/** A private group owned by a fresh (non-admin) user. */
async function ownedGroup(): Promise<{ owner: UserWithToken; group: GroupJson }> {
  const owner = await createUserWithToken()
  const group = await createGroup(owner.token, { visibility: 'private' })
  return { owner, group }
}

describe('group members', () => {
  it('makes the creator of a group its Owner (50)', async () => {
    const { owner, group } = await ownedGroup()
    const res = await api<MemberJson>(`/groups/${group.id}/members/${owner.user.id}`, {
      token: owner.token,
    })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      id: owner.user.id,
      username: owner.user.username,
      access_level: OWNER,
    })
  })

  describe('POST /groups/:id/members', () => {
    it('adds a member (201) and presents GitLab member fields', async () => {
      const { owner, group } = await ownedGroup()
      const user = await createUser()
      const res = await api<MemberJson>(`/groups/${group.id}/members`, {
        method: 'POST',
        token: owner.token,
        body: { user_id: user.id, access_level: DEVELOPER },
      })
      expect(res.status).toBe(201)
      expect(res.body).toMatchObject({
        id: user.id,
        username: user.username,
        name: user.name,
        state: 'active',
        web_url: `${baseUrl()}/${user.username}`,
        access_level: DEVELOPER,
        expires_at: null,
      })
      expect(res.body).toHaveProperty('avatar_url')
      expect(res.body.created_at).toMatch(ISO_TIME)
    })

    it('takes an expiry date', async () => {
      const { owner, group } = await ownedGroup()
      const user = await createUser()
      const res = await api<MemberJson>(`/groups/${group.id}/members`, {
        method: 'POST',
        token: owner.token,
        body: { user_id: user.id, access_level: REPORTER, expires_at: '2099-12-31' },
      })
      expect(res.status).toBe(201)
      expect(res.body.expires_at).toBe('2099-12-31')
    })

    it('answers 409 "Member already exists" for a second add', async () => {
      const { owner, group } = await ownedGroup()
      const user = await createUser()
      await addMember(group.id, user.id, GUEST, owner.token)
      const res = await api(`/groups/${group.id}/members`, {
        method: 'POST',
        token: owner.token,
        body: { user_id: user.id, access_level: MAINTAINER },
      })
      expect(res.status).toBe(409)
      expect(res.body).toEqual({ message: 'Member already exists' })
    })

    it('answers 400 for an access level GitLab does not have', async () => {
      const { owner, group } = await ownedGroup()
      const user = await createUser()
      const res = await api(`/groups/${group.id}/members`, {
        method: 'POST',
        token: owner.token,
        body: { user_id: user.id, access_level: 35 },
      })
      expect(res.status).toBe(400)
    })

    it.each(['2147483648', '99999999999999999999'])(
      'answers 400, not 500, for an access level beyond int32 (%s)',
      async (accessLevel) => {
        const { owner, group } = await ownedGroup()
        const user = await createUser()
        for (const [method, path] of [
          ['POST', `/groups/${group.id}/members`],
          ['PUT', `/groups/${group.id}/members/${user.id}`],
        ] as const) {
          if (method === 'PUT') await addMember(group.id, user.id, GUEST, owner.token)
          const res = await api(path, {
            method,
            token: owner.token,
            body: { user_id: user.id, access_level: accessLevel },
          })
          expect(res.status).toBe(400)
          expect(res.body).toEqual({ message: { access_level: ['is not included in the list'] } })
        }
      },
    )

    it('answers 400 "access_level is missing" without one', async () => {
      const { owner, group } = await ownedGroup()
      const user = await createUser()
      const res = await api(`/groups/${group.id}/members`, {
        method: 'POST',
        token: owner.token,
        body: { user_id: user.id },
      })
      expect(res.status).toBe(400)
      expect(res.body).toEqual(missing('access_level'))
    })

    it('answers 404 "User Not Found" for an unknown user', async () => {
      const { owner, group } = await ownedGroup()
      const res = await api(`/groups/${group.id}/members`, {
        method: 'POST',
        token: owner.token,
        body: { user_id: 999999999, access_level: DEVELOPER },
      })
      expect(res.status).toBe(404)
      expect(res.body).toEqual(notFound('User'))
    })

    it('lets an admin who is not a member add members', async () => {
      const { group } = await ownedGroup()
      const user = await createUser()
      const member = await addMember(group.id, user.id, DEVELOPER, rootToken())
      expect(member.access_level).toBe(DEVELOPER)
    })

    it.each([
      ['Maintainer', MAINTAINER],
      ['Developer', DEVELOPER],
    ])('is forbidden to a %s (403)', async (_role, level) => {
      const { owner, group } = await ownedGroup()
      const manager = await createUserWithToken()
      await addMember(group.id, manager.user.id, level, owner.token)
      const user = await createUser()
      const res = await api(`/groups/${group.id}/members`, {
        method: 'POST',
        token: manager.token,
        body: { user_id: user.id, access_level: GUEST },
      })
      expect(res.status).toBe(403)
      expect(res.body).toEqual(FORBIDDEN)
    })

    it('answers 404 "Group Not Found" to a non-member of a private group', async () => {
      const { group } = await ownedGroup()
      const outsider = await createUserWithToken()
      const res = await api(`/groups/${group.id}/members`, {
        method: 'POST',
        token: outsider.token,
        body: { user_id: outsider.user.id, access_level: OWNER },
      })
      expect(res.status).toBe(404)
      expect(res.body).toEqual(notFound('Group'))
    })
  })

  describe('PUT and DELETE /groups/:id/members/:user_id', () => {
    it('changes the access level', async () => {
      const { owner, group } = await ownedGroup()
      const user = await createUser()
      await addMember(group.id, user.id, GUEST, owner.token)
      const res = await api<MemberJson>(`/groups/${group.id}/members/${user.id}`, {
        method: 'PUT',
        token: owner.token,
        body: { access_level: MAINTAINER },
      })
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ id: user.id, access_level: MAINTAINER })

      const shown = await api<MemberJson>(`/groups/${group.id}/members/${user.id}`, {
        token: owner.token,
      })
      expect(shown.body.access_level).toBe(MAINTAINER)
    })

    it('removes a member (204), who then is not found', async () => {
      const { owner, group } = await ownedGroup()
      const user = await createUser()
      await addMember(group.id, user.id, DEVELOPER, owner.token)
      const res = await api(`/groups/${group.id}/members/${user.id}`, {
        method: 'DELETE',
        token: owner.token,
      })
      expect(res.status).toBe(204)
      expect(res.text).toBe('')

      const gone = await api(`/groups/${group.id}/members/${user.id}`, { token: owner.token })
      expect(gone.status).toBe(404)
      expect(gone.body).toEqual(RECORD_NOT_FOUND)
    })

    it('are forbidden to a Developer (403)', async () => {
      const { owner, group } = await ownedGroup()
      const developer = await createUserWithToken()
      await addMember(group.id, developer.user.id, DEVELOPER, owner.token)
      const user = await createUser()
      await addMember(group.id, user.id, GUEST, owner.token)

      const put = await api(`/groups/${group.id}/members/${user.id}`, {
        method: 'PUT',
        token: developer.token,
        body: { access_level: OWNER },
      })
      expect(put.status).toBe(403)
      expect(put.body).toEqual(FORBIDDEN)

      const del = await api(`/groups/${group.id}/members/${user.id}`, {
        method: 'DELETE',
        token: developer.token,
      })
      expect(del.status).toBe(403)
      expect(del.body).toEqual(FORBIDDEN)

      const unchanged = await api<MemberJson>(`/groups/${group.id}/members/${user.id}`, {
        token: owner.token,
      })
      expect(unchanged.body.access_level).toBe(GUEST)
    })

    it('answers 400 "access_level is missing" for a PUT without one', async () => {
      const { owner, group } = await ownedGroup()
      const user = await createUser()
      await addMember(group.id, user.id, GUEST, owner.token)
      const res = await api(`/groups/${group.id}/members/${user.id}`, {
        method: 'PUT',
        token: owner.token,
        body: {},
      })
      expect(res.status).toBe(400)
      expect(res.body).toEqual(missing('access_level'))
    })
  })

  describe('listing', () => {
    it('GET /groups/:id/members lists direct members with pagination headers', async () => {
      const { owner, group } = await ownedGroup()
      const user = await createUser()
      await addMember(group.id, user.id, REPORTER, owner.token)
      const res = await api<MemberJson[]>(`/groups/${group.id}/members`, { token: owner.token })
      expect(res.status).toBe(200)
      const levels = Object.fromEntries(res.body.map((m) => [m.id, m.access_level]))
      expect(levels).toEqual({ [owner.user.id]: OWNER, [user.id]: REPORTER })
      expect(res.headers.get('x-total')).toBe('2')
    })

    it('/members/all in a subgroup includes members inherited from the parent, with their level', async () => {
      const { owner, group: parent } = await ownedGroup()
      const sub = await createGroup(owner.token, { parent_id: parent.id, visibility: 'private' })
      const developer = await createUser()
      await addMember(parent.id, developer.id, DEVELOPER, owner.token)

      const all = await api<MemberJson[]>(`/groups/${sub.id}/members/all`, { token: owner.token })
      expect(all.status).toBe(200)
      expect(all.body).toContainEqual(
        expect.objectContaining({ id: developer.id, access_level: DEVELOPER }),
      )
      expect(all.body).toContainEqual(
        expect.objectContaining({ id: owner.user.id, access_level: OWNER }),
      )

      const direct = await api<MemberJson[]>(`/groups/${sub.id}/members`, { token: owner.token })
      expect(direct.status).toBe(200)
      expect(direct.body.map((m) => m.id)).not.toContain(developer.id)

      const one = await api<MemberJson>(`/groups/${sub.id}/members/all/${developer.id}`, {
        token: owner.token,
      })
      expect(one.status).toBe(200)
      expect(one.body).toMatchObject({ id: developer.id, access_level: DEVELOPER })

      const notDirect = await api(`/groups/${sub.id}/members/${developer.id}`, {
        token: owner.token,
      })
      expect(notDirect.status).toBe(404)
    })

    it('/members/all shows the highest level when a user is a member at two levels', async () => {
      const { owner, group: parent } = await ownedGroup()
      const sub = await createGroup(owner.token, { parent_id: parent.id })
      const user = await createUser()
      await addMember(parent.id, user.id, REPORTER, owner.token)
      await addMember(sub.id, user.id, MAINTAINER, owner.token)

      const all = await api<MemberJson[]>(`/groups/${sub.id}/members/all`, { token: owner.token })
      const entries = all.body.filter((m) => m.id === user.id)
      expect(entries).toEqual([expect.objectContaining({ access_level: MAINTAINER })])
    })

    it('inherited membership gives read access to a private subgroup', async () => {
      const { owner, group: parent } = await ownedGroup()
      const sub = await createGroup(owner.token, { parent_id: parent.id, visibility: 'private' })
      const guest = await createUserWithToken()
      await addMember(parent.id, guest.user.id, GUEST, owner.token)
      const outsider = await createUserWithToken()

      const seen = await api<GroupJson>(`/groups/${sub.id}`, { token: guest.token })
      expect(seen.status).toBe(200)
      expect(seen.body.id).toBe(sub.id)
      expect((await api(`/groups/${sub.id}/members/all`, { token: guest.token })).status).toBe(200)

      const hidden = await api(`/groups/${sub.id}`, { token: outsider.token })
      expect(hidden.status).toBe(404)
      expect(hidden.body).toEqual(notFound('Group'))
    })

    it('members of a private group are hidden (404) from outsiders', async () => {
      const { group } = await ownedGroup()
      const outsider = await createUserWithToken()
      for (const path of [`/groups/${group.id}/members`, `/groups/${group.id}/members/all`]) {
        const res = await api(path, { token: outsider.token })
        expect(res.status).toBe(404)
        expect(res.body).toEqual(notFound('Group'))
      }
    })
  })
})
