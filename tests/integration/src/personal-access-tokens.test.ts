import { api, eventually } from './support/api'
import { createToken, createUser, createUserWithToken, uniqueName } from './support/factories'
import { EXPIRED_TOKEN, FORBIDDEN, missing, notFound, REVOKED_TOKEN } from './support/gitlab-errors'
import { rootToken } from './support/suite-state'
import type { TokenJson, UserJson } from './support/types'

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/

/** A date `days` from today, YYYY-MM-DD (UTC). */
function dateFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
}

describe('personal access tokens', () => {
  describe('POST /users/:user_id/personal_access_tokens', () => {
    it('creates a token (201) and shows its value this once', async () => {
      const user = await createUser()
      const name = uniqueName('pat')
      const expiresAt = dateFromToday(30)
      const res = await api<TokenJson>(`/users/${user.id}/personal_access_tokens`, {
        method: 'POST',
        token: rootToken(),
        body: { name, scopes: ['api', 'read_user'], expires_at: expiresAt },
      })
      expect(res.status).toBe(201)
      expect(res.body).toMatchObject({
        name,
        scopes: ['api', 'read_user'],
        user_id: user.id,
        revoked: false,
        active: true,
        expires_at: expiresAt,
        last_used_at: null,
      })
      expect(res.body.id).toEqual(expect.any(Number))
      expect(res.body.created_at).toMatch(ISO_TIME)
      expect(res.body.token).toEqual(expect.any(String))
      expect(String(res.body.token).length).toBeGreaterThanOrEqual(20)
    })

    it('makes a token that authenticates its user', async () => {
      const user = await createUser()
      const { token } = await createToken(user.id, ['api'])
      const me = await api<UserJson>('/user', { token })
      expect(me.status).toBe(200)
      expect(me.body).toMatchObject({ id: user.id, username: user.username })
    })

    it('issues a different secret every time', async () => {
      const user = await createUser()
      const [a, b] = await Promise.all([createToken(user.id), createToken(user.id)])
      expect(a.token).not.toBe(b.token)
      expect(a.id).not.toBe(b.id)
    })

    it('accepts scopes as a comma-separated string and as a form array', async () => {
      const user = await createUser()
      const commas = await api<TokenJson>(`/users/${user.id}/personal_access_tokens`, {
        method: 'POST',
        token: rootToken(),
        body: { name: uniqueName('pat'), scopes: 'read_api,read_user' },
      })
      expect(commas.status).toBe(201)
      expect(commas.body.scopes).toEqual(['read_api', 'read_user'])

      const form = await api<TokenJson>(`/users/${user.id}/personal_access_tokens`, {
        method: 'POST',
        token: rootToken(),
        form: { name: uniqueName('pat'), scopes: ['read_api', 'read_user'] },
      })
      expect(form.status).toBe(201)
      expect(form.body.scopes).toEqual(['read_api', 'read_user'])
    })

    it('answers 400 "name is missing" without a name', async () => {
      const user = await createUser()
      const res = await api(`/users/${user.id}/personal_access_tokens`, {
        method: 'POST',
        token: rootToken(),
        body: { scopes: ['api'] },
      })
      expect(res.status).toBe(400)
      expect(res.body).toEqual(missing('name'))
    })

    it('answers 400 for a scope that does not exist', async () => {
      const user = await createUser()
      const res = await api(`/users/${user.id}/personal_access_tokens`, {
        method: 'POST',
        token: rootToken(),
        body: { name: uniqueName('pat'), scopes: ['api', 'everything'] },
      })
      expect(res.status).toBe(400)
      expect(res.body).toEqual({ error: 'scopes does not have a valid value' })
    })

    it('is forbidden to non-admins, even for themselves', async () => {
      const { user, token } = await createUserWithToken()
      const res = await api(`/users/${user.id}/personal_access_tokens`, {
        method: 'POST',
        token,
        body: { name: uniqueName('pat'), scopes: ['api'] },
      })
      expect(res.status).toBe(403)
      expect(res.body).toEqual(FORBIDDEN)
    })

    it('answers 404 for an unknown user', async () => {
      const res = await api('/users/999999999/personal_access_tokens', {
        method: 'POST',
        token: rootToken(),
        body: { name: uniqueName('pat'), scopes: ['api'] },
      })
      expect(res.status).toBe(404)
      expect(res.body).toEqual(notFound('User'))
    })
  })

  describe('GET /personal_access_tokens/self', () => {
    it('describes the token used, without its secret', async () => {
      const user = await createUser()
      const created = await createToken(user.id, ['read_api'])
      const res = await api<TokenJson>('/personal_access_tokens/self', { token: created.token })
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({
        id: created.id,
        name: created.name,
        scopes: ['read_api'],
        user_id: user.id,
        revoked: false,
        active: true,
      })
      expect(res.body).not.toHaveProperty('token')
    })

    it('answers 401 once the token is revoked', async () => {
      const { token } = await createUserWithToken()
      expect((await api('/personal_access_tokens/self', { method: 'DELETE', token })).status).toBe(
        204,
      )
      await eventually(async () => (await api('/user', { token })).status !== 200)
      const res = await api('/personal_access_tokens/self', { token })
      expect(res.status).toBe(401)
      expect(res.body).toEqual(REVOKED_TOKEN)
    })
  })

  describe('expiry', () => {
    // GitLab's API does not refuse an expires_at in the past (PersonalAccessToken
    // validates only the upper bound); the token is created already expired.
    it('a token past its expires_at answers 401', async () => {
      const user = await createUser()
      const created = await api<TokenJson>(`/users/${user.id}/personal_access_tokens`, {
        method: 'POST',
        token: rootToken(),
        body: { name: uniqueName('pat'), scopes: ['api'], expires_at: dateFromToday(-1) },
      })
      expect(created.status).toBe(201)
      expect(created.body.active).toBe(false)

      const res = await api('/user', { token: String(created.body.token) })
      expect(res.status).toBe(401)
      expect(res.body).toEqual(EXPIRED_TOKEN)
    })

    it('a token that expires tomorrow still works', async () => {
      const user = await createUser()
      const { token } = await createToken(user.id, ['api'], { expires_at: dateFromToday(1) })
      expect((await api('/user', { token })).status).toBe(200)
    })
  })
})
