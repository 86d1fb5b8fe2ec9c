import { api, eventually, type ApiOptions } from './support/api'
import { createToken, createUser, createUserWithToken, uniqueName } from './support/factories'
import {
  FORBIDDEN,
  INSUFFICIENT_SCOPE,
  notFound,
  REVOKED_TOKEN,
  UNAUTHORIZED,
} from './support/gitlab-errors'
import { rootToken } from './support/suite-state'
import type { UserJson } from './support/types'

const TRANSPORTS: NonNullable<ApiOptions['auth']>[] = [
  'private-token',
  'bearer',
  'private_token',
  'access_token',
]

/** GitLab names every scope the endpoint would have accepted; `api` is always one for a write. */
const NEEDS_API = { ...INSUFFICIENT_SCOPE, scope: expect.stringMatching(/(^| )api( |$)/) }

describe('authentication', () => {
  describe.each(TRANSPORTS)('a token sent as %s', (auth) => {
    it('authenticates the caller', async () => {
      const res = await api<UserJson>('/user', { token: rootToken(), auth })
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ id: 1, username: 'root' })
    })

    it('answers 401 {"message":"401 Unauthorized"} for a token nobody issued', async () => {
      const res = await api('/user', { token: `nope-${uniqueName()}`, auth })
      expect(res.status).toBe(401)
      expect(res.body).toEqual(UNAUTHORIZED)
      expect(res.headers.get('content-type')).toBe('application/json')
    })
  })

  it('identifies the token owner, not root', async () => {
    const { user, token } = await createUserWithToken()
    const res = await api<UserJson>('/user', { token })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ id: user.id, username: user.username })
  })

  describe('without a token', () => {
    it('GET /user answers 401', async () => {
      const res = await api('/user')
      expect(res.status).toBe(401)
      expect(res.body).toEqual(UNAUTHORIZED)
    })

    it('a write answers 401', async () => {
      const path = uniqueName('anon')
      const res = await api('/groups', { method: 'POST', body: { name: path, path } })
      expect(res.status).toBe(401)
      expect(res.body).toEqual(UNAUTHORIZED)
    })

    it('an empty PRIVATE-TOKEN header counts as no token', async () => {
      const res = await api('/user', { headers: { 'PRIVATE-TOKEN': '' } })
      expect(res.status).toBe(401)
      expect(res.body).toEqual(UNAUTHORIZED)
    })
  })

  describe('a revoked token', () => {
    it('DELETE /personal_access_tokens/self answers 204 and the token stops working within seconds', async () => {
      const { token } = await createUserWithToken()
      expect((await api('/user', { token })).status).toBe(200)

      const revoke = await api('/personal_access_tokens/self', { method: 'DELETE', token })
      expect(revoke.status).toBe(204)
      expect(revoke.text).toBe('')

      const rejected = await eventually(async () => (await api('/user', { token })).status !== 200)
      expect(rejected).toBe(true)
      const res = await api('/user', { token })
      expect(res.status).toBe(401)
      expect(res.body).toEqual(REVOKED_TOKEN)
    })

    it('cannot revoke itself twice', async () => {
      const { token } = await createUserWithToken()
      expect((await api('/personal_access_tokens/self', { method: 'DELETE', token })).status).toBe(
        204,
      )
      await eventually(async () => (await api('/user', { token })).status === 401)
      const again = await api('/personal_access_tokens/self', { method: 'DELETE', token })
      expect(again.status).toBe(401)
      expect(again.body).toEqual(REVOKED_TOKEN)
    })
  })

  describe('scopes', () => {
    it('read_api reads but may not write: 403 insufficient_scope', async () => {
      const { user, token } = await createUserWithToken(['read_api'])
      const me = await api<UserJson>('/user', { token })
      expect(me.status).toBe(200)
      expect(me.body.id).toBe(user.id)
      expect((await api('/groups', { token })).status).toBe(200)

      const path = uniqueName('scoped')
      const res = await api('/groups', { method: 'POST', token, body: { name: path, path } })
      expect(res.status).toBe(403)
      expect(res.body).toEqual(NEEDS_API)
    })

    it('read_user reads the user API but not groups', async () => {
      const { user, token } = await createUserWithToken(['read_user'])
      const me = await api<UserJson>('/user', { token })
      expect(me.status).toBe(200)
      expect(me.body.id).toBe(user.id)
      expect((await api(`/users/${user.id}`, { token })).status).toBe(200)
      expect((await api('/users', { token, query: { username: user.username } })).status).toBe(200)

      const groups = await api('/groups', { token })
      expect(groups.status).toBe(403)
      expect(groups.body).toMatchObject(INSUFFICIENT_SCOPE)
    })

    it('read_user may not write to the user API', async () => {
      const { token } = await createUserWithToken(['read_user'])
      const other = await createUser()
      const res = await api(`/users/${other.id}`, { method: 'PUT', token, body: { bio: 'x' } })
      expect(res.status).toBe(403)
      expect(res.body).toMatchObject(INSUFFICIENT_SCOPE)
    })

    it('any scope may read and revoke the token itself', async () => {
      const { token } = await createUserWithToken(['read_user'])
      expect((await api('/personal_access_tokens/self', { token })).status).toBe(200)
      expect((await api('/personal_access_tokens/self', { method: 'DELETE', token })).status).toBe(
        204,
      )
    })
  })

  describe('sudo', () => {
    it('an admin token with the sudo scope acts as the user named in the Sudo header', async () => {
      const target = await createUser()
      const { token } = await createToken(1, ['api', 'sudo'])

      const byName = await api<UserJson>('/user', { token, headers: { Sudo: target.username } })
      expect(byName.status).toBe(200)
      expect(byName.body).toMatchObject({ id: target.id, username: target.username })

      const byId = await api<UserJson>('/user', { token, headers: { Sudo: String(target.id) } })
      expect(byId.status).toBe(200)
      expect(byId.body.id).toBe(target.id)

      const byParam = await api<UserJson>('/user', { token, query: { sudo: target.username } })
      expect(byParam.status).toBe(200)
      expect(byParam.body.id).toBe(target.id)
    })

    it('acting as a user drops the admin rights', async () => {
      const target = await createUser()
      const { token } = await createToken(1, ['api', 'sudo'])
      const res = await api('/users', {
        method: 'POST',
        token,
        headers: { Sudo: target.username },
        body: {
          username: uniqueName('u'),
          name: 'x',
          email: `${uniqueName('e')}@example.com`,
          password: 'Secret-12345',
        },
      })
      expect(res.status).toBe(403)
      expect(res.body).toEqual(FORBIDDEN)
    })

    it('an admin token without the sudo scope answers 403 insufficient_scope (scope sudo)', async () => {
      const target = await createUser()
      const res = await api('/user', { token: rootToken(), headers: { Sudo: target.username } })
      expect(res.status).toBe(403)
      expect(res.body).toEqual({ ...INSUFFICIENT_SCOPE, scope: 'sudo' })
    })

    it('a non-admin answers 403 "Must be admin to use sudo"', async () => {
      const user = await createUser()
      const { token } = await createToken(user.id, ['api', 'sudo'])
      const res = await api('/user', { token, headers: { Sudo: 'root' } })
      expect(res.status).toBe(403)
      expect(res.body).toEqual({ message: '403 Forbidden - Must be admin to use sudo' })
    })

    it('an unknown user answers 404', async () => {
      const { token } = await createToken(1, ['api', 'sudo'])
      const name = uniqueName('ghost')
      const res = await api('/user', { token, headers: { Sudo: name } })
      expect(res.status).toBe(404)
      expect(res.body).toEqual(notFound(`User with ID or username '${name}'`))
    })
  })
})
