import { api } from './support/api'
import {
  addMember,
  createGroup,
  createUser,
  createUserWithToken,
  uniqueName,
  type CreatedUser,
  type UserWithToken,
} from './support/factories'
import { FORBIDDEN, missing, notFound, UNAUTHORIZED } from './support/gitlab-errors'
import { linkSamlIdentity, type SamlIdentityJson } from './support/member-roles'
import { rootToken } from './support/suite-state'
import { GUEST, MAINTAINER, type GroupJson, type UserJson } from './support/types'

/**
 * Group SAML identities (spec document 3, "SAML identities"; GitLab's
 * ee/lib/api/provider_identity.rb and its request spec), linked through the
 * users API (PUT /users/:id with provider=group_saml and group_id_for_saml).
 */

const IDENTITY_NOT_FOUND = notFound('Identity')
/** Identity's validation of a blank extern_uid for group SAML. */
const NAME_ID_MISSING = {
  message: 'SAML NameID is missing from your SAML response. Please contact your administrator',
}
const UID_TAKEN = { message: 'Extern uid has already been taken' }

interface SamlGroup {
  owner: UserWithToken
  group: GroupJson
  /** Guests of the group, each linked to `uids[i]`. */
  members: CreatedUser[]
  uids: string[]
}

/** A private top-level group of a fresh owner with `count` Guests, each linked to a SAML identity. */
async function samlGroup(count = 2, uidOf = (i: number) => uniqueName(`saml-uid-${i}`)) {
  const owner = await createUserWithToken()
  const group = await createGroup(owner.token, { visibility: 'private' })
  const members: CreatedUser[] = []
  const uids: string[] = []
  for (let i = 0; i < count; i += 1) {
    const user = await createUser()
    await addMember(group.id, user.id, GUEST, owner.token)
    const uid = uidOf(i)
    await linkSamlIdentity(user.id, group.id, uid)
    members.push(user)
    uids.push(uid)
  }
  return { owner, group, members, uids } satisfies SamlGroup
}

const uidPath = (groupId: number, uid: string) =>
  `/groups/${groupId}/saml/${encodeURIComponent(uid)}`

/** A uid with dots, `@`, `+` and `/`. */
const awkwardUid = () => `${uniqueName('first.last')}+tag@example.com/ou`

function byUser(identities: SamlIdentityJson[]): SamlIdentityJson[] {
  return [...identities].sort((a, b) => a.user_id - b.user_id)
}

describe('group SAML identities', () => {
  describe('linking through PUT /users/:id', () => {
    it('links an identity (JSON), shown under identities with its SAML provider', async () => {
      const owner = await createUserWithToken()
      const group = await createGroup(owner.token)
      const user = await createUser()
      await addMember(group.id, user.id, GUEST, owner.token)
      const uid = uniqueName('saml-link')
      const res = await api<UserJson>(`/users/${user.id}`, {
        method: 'PUT',
        token: rootToken(),
        body: { provider: 'group_saml', extern_uid: uid, group_id_for_saml: group.id },
      })
      expect(res.status).toBe(200)
      expect(res.body.identities).toEqual([
        { provider: 'group_saml', extern_uid: uid, saml_provider_id: expect.any(Number) },
      ])
      const shown = await api<UserJson>(`/users/${user.id}`, { token: rootToken() })
      expect(shown.body.identities).toEqual(res.body.identities)

      const listed = await api<SamlIdentityJson[]>(`/groups/${group.id}/saml/identities`, {
        token: owner.token,
      })
      expect(listed.status).toBe(200)
      expect(listed.body).toEqual([{ extern_uid: uid, user_id: user.id }])
    })

    it('links from form fields, and a second link for the same group updates the identity', async () => {
      const owner = await createUserWithToken()
      const group = await createGroup(owner.token)
      const user = await createUser()
      await addMember(group.id, user.id, GUEST, owner.token)
      const first = uniqueName('saml-form')
      const res = await api<UserJson>(`/users/${user.id}`, {
        method: 'PUT',
        token: rootToken(),
        form: { provider: 'group_saml', extern_uid: first, group_id_for_saml: String(group.id) },
      })
      expect(res.status).toBe(200)
      expect(res.body.identities).toEqual([
        expect.objectContaining({ provider: 'group_saml', extern_uid: first }),
      ])

      const second = uniqueName('saml-form')
      await linkSamlIdentity(user.id, group.id, second)
      const listed = await api<SamlIdentityJson[]>(`/groups/${group.id}/saml/identities`, {
        token: owner.token,
      })
      expect(listed.body).toEqual([{ extern_uid: second, user_id: user.id }])
    })

    it('one extern_uid maps to one user per group; another group may reuse it', async () => {
      const { owner, group, members, uids } = await samlGroup(1)
      const intruder = await createUser()
      await addMember(group.id, intruder.id, GUEST, owner.token)
      const taken = await api(`/users/${intruder.id}`, {
        method: 'PUT',
        token: rootToken(),
        body: { provider: 'group_saml', extern_uid: uids[0], group_id_for_saml: group.id },
      })
      expect(taken.status).toBe(400)

      const otherGroup = await createGroup(owner.token)
      await addMember(otherGroup.id, intruder.id, GUEST, owner.token)
      await linkSamlIdentity(intruder.id, otherGroup.id, uids[0] as string)
      const here = await api<SamlIdentityJson[]>(`/groups/${group.id}/saml/identities`, {
        token: owner.token,
      })
      expect(here.body).toEqual([{ extern_uid: uids[0], user_id: members[0]?.id }])
      const there = await api<SamlIdentityJson[]>(`/groups/${otherGroup.id}/saml/identities`, {
        token: owner.token,
      })
      expect(there.body).toEqual([{ extern_uid: uids[0], user_id: intruder.id }])
    })
  })

  describe('GET /groups/:id/saml/identities', () => {
    it('lists [{extern_uid, user_id}] to the Owner, paginated', async () => {
      const { owner, group, members, uids } = await samlGroup(3)
      const all = await api<SamlIdentityJson[]>(`/groups/${group.id}/saml/identities`, {
        token: owner.token,
      })
      expect(all.status).toBe(200)
      expect(byUser(all.body)).toEqual(
        members.map((user, i) => ({ extern_uid: uids[i], user_id: user.id })),
      )
      expect(all.headers.get('x-total')).toBe('3')

      const first = await api<SamlIdentityJson[]>(`/groups/${group.id}/saml/identities`, {
        token: owner.token,
        query: { per_page: 2 },
      })
      expect(first.status).toBe(200)
      expect(first.body).toHaveLength(2)
      expect({
        page: first.headers.get('x-page'),
        perPage: first.headers.get('x-per-page'),
        next: first.headers.get('x-next-page'),
        total: first.headers.get('x-total'),
        totalPages: first.headers.get('x-total-pages'),
      }).toEqual({ page: '1', perPage: '2', next: '2', total: '3', totalPages: '2' })
      expect(first.headers.get('link')).toContain('rel="next"')

      const second = await api<SamlIdentityJson[]>(
        `/groups/${encodeURIComponent(group.full_path)}/saml/identities`,
        {
          token: owner.token,
          query: { per_page: 2, page: 2 },
        },
      )
      expect(second.status).toBe(200)
      expect(second.body).toHaveLength(1)
      expect(second.headers.get('x-next-page')).toBe('')
      expect(byUser([...first.body, ...second.body])).toEqual(byUser(all.body))
    })

    it('lets an admin who is not a member list them', async () => {
      const { group, members, uids } = await samlGroup(1)
      const res = await api<SamlIdentityJson[]>(`/groups/${group.id}/saml/identities`, {
        token: rootToken(),
      })
      expect(res.status).toBe(200)
      expect(res.body).toEqual([{ extern_uid: uids[0], user_id: members[0]?.id }])
    })
  })

  describe('GET /groups/:id/saml/:uid', () => {
    it('answers one identity, the uid URL-encoded with dots, @, + and /', async () => {
      const { owner, group, members, uids } = await samlGroup(2, (i) =>
        i === 0 ? awkwardUid() : uniqueName('plain'),
      )
      const awkward = uids[0] as string
      const res = await api<SamlIdentityJson>(uidPath(group.id, awkward), { token: owner.token })
      expect(res.status).toBe(200)
      expect(res.body).toEqual({ extern_uid: awkward, user_id: members[0]?.id })

      const plain = await api<SamlIdentityJson>(`/groups/${group.id}/saml/${uids[1]}`, {
        token: owner.token,
      })
      expect(plain.status).toBe(200)
      expect(plain.body).toEqual({ extern_uid: uids[1], user_id: members[1]?.id })
    })

    it('a dotted uid is not taken for a format suffix', async () => {
      const uid = `${uniqueName('saml-test')}@gmail.com`
      const { owner, group, members } = await samlGroup(1, () => uid)
      const res = await api<SamlIdentityJson>(`/groups/${group.id}/saml/${uid}`, {
        token: owner.token,
      })
      expect(res.status).toBe(200)
      expect(res.body).toEqual({ extern_uid: uid, user_id: members[0]?.id })
    })

    it('answers 404 "Identity Not Found" for an unknown uid', async () => {
      const { owner, group } = await samlGroup(1)
      const res = await api(uidPath(group.id, 'test_uid'), { token: owner.token })
      expect(res.status).toBe(404)
      expect(res.body).toEqual(IDENTITY_NOT_FOUND)
    })

    it('does not answer another group’s identity', async () => {
      const { uids } = await samlGroup(1)
      const other = await samlGroup(0)
      const res = await api(uidPath(other.group.id, uids[0] as string), {
        token: other.owner.token,
      })
      expect(res.status).toBe(404)
      expect(res.body).toEqual(IDENTITY_NOT_FOUND)
    })
  })

  describe('PATCH /groups/:id/saml/:uid', () => {
    it('changes extern_uid from JSON (200 with the updated identity)', async () => {
      const { owner, group, members, uids } = await samlGroup(1)
      const updated = uniqueName('updated_uid')
      const res = await api<SamlIdentityJson>(uidPath(group.id, uids[0] as string), {
        method: 'PATCH',
        token: owner.token,
        body: { extern_uid: updated },
      })
      expect(res.status).toBe(200)
      expect(res.body).toEqual({ extern_uid: updated, user_id: members[0]?.id })

      const old = await api(uidPath(group.id, uids[0] as string), { token: owner.token })
      expect(old.status).toBe(404)
      const shown = await api(uidPath(group.id, updated), { token: owner.token })
      expect(shown.body).toEqual({ extern_uid: updated, user_id: members[0]?.id })
      const user = await api<UserJson>(`/users/${members[0]?.id}`, { token: rootToken() })
      expect(user.body.identities).toEqual([
        expect.objectContaining({ provider: 'group_saml', extern_uid: updated }),
      ])
    })

    it('changes extern_uid from form fields, awkward uids both ways', async () => {
      const { owner, group, members, uids } = await samlGroup(1, awkwardUid)
      const updated = awkwardUid()
      const res = await api<SamlIdentityJson>(uidPath(group.id, uids[0] as string), {
        method: 'PATCH',
        token: owner.token,
        form: { extern_uid: updated },
      })
      expect(res.status).toBe(200)
      expect(res.body).toEqual({ extern_uid: updated, user_id: members[0]?.id })
      const shown = await api(uidPath(group.id, updated), { token: owner.token })
      expect(shown.status).toBe(200)
    })

    it('answers 400 "extern_uid is missing", 400 for an empty one, 400 for one taken in the group', async () => {
      const { owner, group, uids } = await samlGroup(2)
      const path = uidPath(group.id, uids[0] as string)

      const none = await api(path, { method: 'PATCH', token: owner.token, body: {} })
      expect(none.status).toBe(400)
      expect(none.body).toEqual(missing('extern_uid'))
      const other = await api(path, {
        method: 'PATCH',
        token: owner.token,
        form: { active: 'false' },
      })
      expect(other.status).toBe(400)
      expect(other.body).toEqual(missing('extern_uid'))

      const empty = await api(path, {
        method: 'PATCH',
        token: owner.token,
        body: { extern_uid: '' },
      })
      expect(empty.status).toBe(400)
      expect(empty.body).toEqual(NAME_ID_MISSING)

      const taken = await api(path, {
        method: 'PATCH',
        token: owner.token,
        body: { extern_uid: uids[1] },
      })
      expect(taken.status).toBe(400)
      expect(taken.body).toEqual(UID_TAKEN)

      const unchanged = await api(path, { token: owner.token })
      expect(unchanged.status).toBe(200)
    })

    it('answers 404 for an unknown uid', async () => {
      const { owner, group } = await samlGroup(1)
      const res = await api(uidPath(group.id, 'test_uid'), {
        method: 'PATCH',
        token: owner.token,
        body: { extern_uid: 'updated_uid' },
      })
      expect(res.status).toBe(404)
      expect(res.body).toEqual(IDENTITY_NOT_FOUND)
    })
  })

  describe('DELETE /groups/:id/saml/:uid', () => {
    it('removes the identity (204, empty body); the user stays a member', async () => {
      const { owner, group, members, uids } = await samlGroup(2, awkwardUid)
      const res = await api(uidPath(group.id, uids[0] as string), {
        method: 'DELETE',
        token: owner.token,
      })
      expect(res.status).toBe(204)
      expect(res.text).toBe('')

      const gone = await api(uidPath(group.id, uids[0] as string), { token: owner.token })
      expect(gone.status).toBe(404)
      expect(gone.body).toEqual(IDENTITY_NOT_FOUND)
      const listed = await api<SamlIdentityJson[]>(`/groups/${group.id}/saml/identities`, {
        token: owner.token,
      })
      expect(listed.body).toEqual([{ extern_uid: uids[1], user_id: members[1]?.id }])

      const member = await api(`/groups/${group.id}/members/${members[0]?.id}`, {
        token: owner.token,
      })
      expect(member.status).toBe(200)
      expect(member.body).toMatchObject({ id: members[0]?.id, access_level: GUEST })
      const user = await api<UserJson>(`/users/${members[0]?.id}`, { token: rootToken() })
      expect(user.body.identities).toEqual([])

      const again = await api(uidPath(group.id, uids[0] as string), {
        method: 'DELETE',
        token: owner.token,
      })
      expect(again.status).toBe(404)
      expect(again.body).toEqual(IDENTITY_NOT_FOUND)
    })
  })

  describe('who may use them', () => {
    it('anonymous 401, a Maintainer 403, an outsider of a private group 404 — on every verb', async () => {
      const { owner, group, uids } = await samlGroup(1)
      const maintainer = await createUserWithToken()
      await addMember(group.id, maintainer.user.id, MAINTAINER, owner.token)
      const outsider = await createUserWithToken()
      const uid = uids[0] as string
      const calls = [
        { method: 'GET', path: `/groups/${group.id}/saml/identities` },
        { method: 'GET', path: uidPath(group.id, uid) },
        { method: 'PATCH', path: uidPath(group.id, uid), body: { extern_uid: 'updated_uid' } },
        { method: 'DELETE', path: uidPath(group.id, uid) },
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
      const still = await api(uidPath(group.id, uid), { token: owner.token })
      expect(still.status).toBe(200)
    })
  })

  describe('concurrency: one extern_uid, one user per group', () => {
    it('two parallel PATCHes to the same extern_uid: exactly one succeeds', async () => {
      for (let round = 0; round < 4; round += 1) {
        const { owner, group, uids } = await samlGroup(2)
        const target = uniqueName('contested')
        const answers = await Promise.all(
          uids.map((uid) =>
            api(uidPath(group.id, uid), {
              method: 'PATCH',
              token: owner.token,
              body: { extern_uid: target },
            }),
          ),
        )
        const statuses = answers.map((res) => res.status).sort()
        expect({ round, statuses }).toEqual({ round, statuses: [200, 400] })
        expect(answers.find((res) => res.status === 400)?.body).toEqual(UID_TAKEN)
        const listed = await api<SamlIdentityJson[]>(`/groups/${group.id}/saml/identities`, {
          token: owner.token,
        })
        expect(listed.body).toHaveLength(2)
        expect(listed.body.filter((identity) => identity.extern_uid === target)).toHaveLength(1)
      }
    })

    it('two parallel links of the same extern_uid for two users: exactly one succeeds', async () => {
      for (let round = 0; round < 4; round += 1) {
        const owner = await createUserWithToken()
        const group = await createGroup(owner.token)
        const users = await Promise.all([createUser(), createUser()])
        for (const user of users) await addMember(group.id, user.id, GUEST, owner.token)
        const target = uniqueName('contested-link')
        const answers = await Promise.all(
          users.map((user) =>
            api<UserJson>(`/users/${user.id}`, {
              method: 'PUT',
              token: rootToken(),
              body: { provider: 'group_saml', extern_uid: target, group_id_for_saml: group.id },
            }),
          ),
        )
        const statuses = answers.map((res) => res.status).sort()
        expect({ round, statuses }).toEqual({ round, statuses: [200, 400] })

        const winner = users[answers.findIndex((res) => res.status === 200)]
        const listed = await api<SamlIdentityJson[]>(`/groups/${group.id}/saml/identities`, {
          token: owner.token,
        })
        expect(listed.body).toEqual([{ extern_uid: target, user_id: winner?.id }])
      }
    })
  })
})
