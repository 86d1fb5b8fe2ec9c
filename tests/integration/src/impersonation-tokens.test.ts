import { Gitlab } from '@gitbeaker/rest'
import { api } from './support/api'
import { createToken, createUserWithToken, type UserWithToken } from './support/factories'
import { FORBIDDEN, notFound, UNAUTHORIZED } from './support/gitlab-errors'
import { baseUrl, rootToken } from './support/suite-state'
import type { UserJson } from './support/types'

// Issue 26, point 3: /users/:user_id/impersonation_tokens as lib/api/users.rb
// and API::Entities::ImpersonationToken(WithToken) answer them: admins only,
// the secret in the create answer only, `impersonation: true`, state filter,
// revocation; the token authenticates as the user until revoked.

interface ImpersonationTokenJson {
  id: number
  name: string
  revoked: boolean
  created_at: string
  description: string | null
  scopes: string[]
  user_id: number
  last_used_at: string | null
  active: boolean
  expires_at: string | null
  expired: boolean
  impersonation: boolean
  token?: string
}

const tokensOf = (userId: number) => `/users/${userId}/impersonation_tokens`

describe('/users/:user_id/impersonation_tokens', () => {
  let target: UserWithToken
  let stranger: UserWithToken
  let created: ImpersonationTokenJson

  beforeAll(async () => {
    ;[target, stranger] = await Promise.all([createUserWithToken(), createUserWithToken()])
  })

  it('creates one for an admin (201), the secret shown only now', async () => {
    const res = await api<ImpersonationTokenJson>(tokensOf(target.user.id), {
      method: 'POST',
      token: rootToken(),
      body: { name: 'support', scopes: ['api', 'read_user'], description: 'ticket 42' },
    })
    expect(res.status).toBe(201)
    created = res.body
    expect(Object.keys(created)).toEqual([
      'id',
      'name',
      'revoked',
      'created_at',
      'description',
      'scopes',
      'user_id',
      'last_used_at',
      'active',
      'expires_at',
      'expired',
      'impersonation',
      'token',
    ])
    expect(created).toEqual(
      expect.objectContaining({
        name: 'support',
        revoked: false,
        description: 'ticket 42',
        scopes: ['api', 'read_user'],
        user_id: target.user.id,
        last_used_at: null,
        active: true,
        expires_at: null,
        impersonation: true,
        token: expect.any(String),
      }),
    )
  })

  it('authenticates as the user', async () => {
    const me = await api<UserJson>('/user', { token: created.token })
    expect([me.status, me.body.id]).toEqual([200, target.user.id])
  })

  it('lists and shows it without the secret; state filters active and inactive', async () => {
    const list = await api<ImpersonationTokenJson[]>(tokensOf(target.user.id), {
      token: rootToken(),
    })
    expect(list.status).toBe(200)
    expect(list.headers.get('x-total')).toBe('1')
    const { token: _secret, ...shown } = created
    expect(list.body).toEqual([{ ...shown, last_used_at: expect.any(String) }])
    const one = await api<ImpersonationTokenJson>(`${tokensOf(target.user.id)}/${created.id}`, {
      token: rootToken(),
    })
    expect([one.status, one.body]).toEqual([200, list.body[0]])
    const active = await api<unknown[]>(`${tokensOf(target.user.id)}?state=active`, {
      token: rootToken(),
    })
    expect(active.body).toHaveLength(1)
    const inactive = await api<unknown[]>(`${tokensOf(target.user.id)}?state=inactive`, {
      token: rootToken(),
    })
    expect(inactive.body).toEqual([])
    const bad = await api(`${tokensOf(target.user.id)}?state=expired`, { token: rootToken() })
    expect([bad.status, bad.body]).toEqual([400, { error: 'state does not have a valid value' }])
  })

  it("lists none of the user's personal access tokens, nor finds one by id", async () => {
    const personal = await createToken(target.user.id, ['api'])
    const list = await api<ImpersonationTokenJson[]>(tokensOf(target.user.id), {
      token: rootToken(),
    })
    expect(list.body.map((t) => t.id)).toEqual([created.id])
    const one = await api(`${tokensOf(target.user.id)}/${personal.id}`, { token: rootToken() })
    expect([one.status, one.body]).toEqual([404, notFound('Impersonation Token')])
    const elsewhere = await api(`${tokensOf(stranger.user.id)}/${created.id}`, {
      token: rootToken(),
    })
    expect([elsewhere.status, elsewhere.body]).toEqual([404, notFound('Impersonation Token')])
  })

  it('answers GitLab validation errors', async () => {
    const noScopes = await api(tokensOf(target.user.id), {
      method: 'POST',
      token: rootToken(),
      body: { name: 'x' },
    })
    expect([noScopes.status, noScopes.body]).toEqual([
      400,
      { message: { scopes: ["can't be blank"] } },
    ])
    const noName = await api(tokensOf(target.user.id), {
      method: 'POST',
      token: rootToken(),
      body: { scopes: ['api'] },
    })
    expect([noName.status, noName.body]).toEqual([400, { error: 'name is missing' }])
    const badScope = await api(tokensOf(target.user.id), {
      method: 'POST',
      token: rootToken(),
      body: { name: 'x', scopes: ['everything'] },
    })
    expect([badScope.status, badScope.body]).toEqual([
      400,
      { message: { scopes: ['can only contain available scopes'] } },
    ])
    const noUser = await api(tokensOf(999_999_999), { token: rootToken() })
    expect([noUser.status, noUser.body]).toEqual([404, notFound('User')])
  })

  it('is 401 anonymous and 403 for non-admins, the user themselves included', async () => {
    const paths = [tokensOf(target.user.id), `${tokensOf(target.user.id)}/${created.id}`]
    for (const path of paths) {
      const anonymous = await api(path)
      expect([anonymous.status, anonymous.body]).toEqual([401, UNAUTHORIZED])
      for (const token of [target.token, stranger.token]) {
        const res = await api(path, { token })
        expect([res.status, res.body]).toEqual([403, FORBIDDEN])
      }
    }
    const create = await api(tokensOf(target.user.id), {
      method: 'POST',
      token: target.token,
      body: { name: 'mine', scopes: ['api'] },
    })
    expect([create.status, create.body]).toEqual([403, FORBIDDEN])
    const revoke = await api(`${tokensOf(target.user.id)}/${created.id}`, {
      method: 'DELETE',
      token: stranger.token,
    })
    expect([revoke.status, revoke.body]).toEqual([403, FORBIDDEN])
  })

  it('revokes it (204): the token stops at once and shows as inactive', async () => {
    const path = `${tokensOf(target.user.id)}/${created.id}`
    const res = await api(path, { method: 'DELETE', token: rootToken() })
    expect(res.status).toBe(204)
    const me = await api('/user', { token: created.token })
    expect([me.status, me.body]).toEqual([401, UNAUTHORIZED])
    const one = await api<ImpersonationTokenJson>(path, { token: rootToken() })
    expect([one.body.revoked, one.body.active]).toEqual([true, false])
    const inactive = await api<ImpersonationTokenJson[]>(
      `${tokensOf(target.user.id)}?state=inactive`,
      { token: rootToken() },
    )
    expect(inactive.body.map((t) => t.id)).toEqual([created.id])
    expect((await api(path, { method: 'DELETE', token: rootToken() })).status).toBe(204)
  })

  it('works through @gitbeaker/rest (UserImpersonationTokens)', async () => {
    const client = new Gitlab({ host: baseUrl(), token: rootToken() })
    const token = await client.UserImpersonationTokens.create(target.user.id, 'bot', ['read_api'], {
      expiresAt: '2999-12-31',
    })
    expect(token).toEqual(
      expect.objectContaining({
        name: 'bot',
        impersonation: true,
        expires_at: '2999-12-31',
        active: true,
      }),
    )
    const shown = await client.UserImpersonationTokens.show(target.user.id, token.id)
    expect(shown.token).toBeUndefined()
    const active = await client.UserImpersonationTokens.all(target.user.id, { state: 'active' })
    expect(active.map((t) => t.id)).toEqual([token.id])
    await client.UserImpersonationTokens.revoke(target.user.id, token.id)
    const after = await client.UserImpersonationTokens.all(target.user.id, { state: 'active' })
    expect(after).toEqual([])
  })
})
