import { api } from './support/api'
import { createUser, createUserWithToken, uniqueName } from './support/factories'
import {
  FORBIDDEN,
  missing,
  notFound,
  ROUTE_NOT_FOUND,
  UNAUTHORIZED,
} from './support/gitlab-errors'
import { baseUrl, rootToken } from './support/suite-state'
import type { UserJson } from './support/types'

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/

function newUserParams(): Record<string, string> {
  const username = uniqueName('user')
  return {
    username,
    name: `Name ${username}`,
    email: `${username}@example.com`,
    password: 'Secret-password-1',
  }
}

describe('users', () => {
  describe('GET /user', () => {
    it('with INITIAL_ROOT_TOKEN returns root, id 1, an admin (UserWithAdmin)', async () => {
      const res = await api<UserJson>('/user', { token: rootToken() })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('application/json')
      expect(res.body).toMatchObject({ id: 1, username: 'root', state: 'active', is_admin: true })
      expect(typeof res.body.email).toBe('string')
      expect(res.body.web_url).toBe(`${baseUrl()}/root`)
    })

    it('for a regular user is UserPublic: their own email, no is_admin', async () => {
      const { user, token } = await createUserWithToken()
      const res = await api<UserJson>('/user', { token })
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ id: user.id, username: user.username, email: user.email })
      expect(res.body).not.toHaveProperty('is_admin')
      expect(res.body).toHaveProperty('identities')
      expect(res.body).toHaveProperty('can_create_group')
    })
  })

  describe('POST /users', () => {
    it('creates a user (201) and presents it with admin fields', async () => {
      const params = newUserParams()
      const res = await api<UserJson>('/users', {
        method: 'POST',
        token: rootToken(),
        body: { ...params, bio: 'Hello', skip_confirmation: true },
      })
      expect(res.status).toBe(201)
      expect(res.body).toMatchObject({
        username: params.username,
        name: params.name,
        email: params.email,
        state: 'active',
        bio: 'Hello',
        is_admin: false,
        external: false,
        identities: [],
        web_url: `${baseUrl()}/${params.username}`,
      })
      expect(res.body.id).toEqual(expect.any(Number))
      expect(res.body.created_at).toMatch(ISO_TIME)
      for (const field of ['avatar_url', 'can_create_group', 'projects_limit', 'private_profile']) {
        expect(res.body).toHaveProperty(field)
      }
      expect(res.body).not.toHaveProperty('password')
    })

    it('can create an admin', async () => {
      const res = await api<UserJson>('/users', {
        method: 'POST',
        token: rootToken(),
        body: { ...newUserParams(), admin: true },
      })
      expect(res.status).toBe(201)
      expect(res.body.is_admin).toBe(true)
    })

    it('is forbidden to non-admins (403) and to anonymous callers (401)', async () => {
      const { token } = await createUserWithToken()
      const asUser = await api('/users', { method: 'POST', token, body: newUserParams() })
      expect(asUser.status).toBe(403)
      expect(asUser.body).toEqual(FORBIDDEN)

      const anonymous = await api('/users', { method: 'POST', body: newUserParams() })
      expect(anonymous.status).toBe(401)
      expect(anonymous.body).toEqual(UNAUTHORIZED)
    })

    it.each(['email', 'username', 'name'])(
      'without %s answers 400 "<param> is missing"',
      async (param) => {
        const params: Record<string, string> = newUserParams()
        delete params[param]
        const res = await api('/users', { method: 'POST', token: rootToken(), body: params })
        expect(res.status).toBe(400)
        expect(res.body).toEqual(missing(param))
      },
    )

    it('without any password option answers 400 (at_least_one_of)', async () => {
      const { password: _password, ...params } = newUserParams()
      const res = await api('/users', { method: 'POST', token: rootToken(), body: params })
      expect(res.status).toBe(400)
      expect(res.body).toEqual({
        error:
          'password, reset_password, force_random_password are missing, at least one parameter must be provided',
      })
    })

    it('answers 409 for a username taken, in any case', async () => {
      const existing = await createUser()
      const params = { ...newUserParams(), username: existing.username.toUpperCase() }
      const res = await api('/users', { method: 'POST', token: rootToken(), body: params })
      expect(res.status).toBe(409)
      expect(res.body).toEqual({ message: 'Username has already been taken' })
    })

    it('answers 409 for an email taken, in any case', async () => {
      const existing = await createUser()
      const params = { ...newUserParams(), email: String(existing.email).toUpperCase() }
      const res = await api('/users', { method: 'POST', token: rootToken(), body: params })
      expect(res.status).toBe(409)
      expect(res.body).toEqual({ message: 'Email has already been taken' })
    })

    it('answers 400 {"message":{...}} for an invalid email, username or password', async () => {
      const res = await api<{ message: Record<string, string[]> }>('/users', {
        method: 'POST',
        token: rootToken(),
        body: { name: 'x', username: 'bad user!', email: 'not-an-email', password: 'short' },
      })
      expect(res.status).toBe(400)
      expect(res.body.message.email).toContain('is invalid')
      expect(res.body.message.password).toContain('is too short (minimum is 8 characters)')
      expect(res.body.message.username).toEqual(expect.arrayContaining([expect.any(String)]))
    })
  })

  describe('GET /users', () => {
    it('?username= finds exactly that user, with pagination headers', async () => {
      const user = await createUser()
      const res = await api<UserJson[]>('/users', {
        token: rootToken(),
        query: { username: user.username },
      })
      expect(res.status).toBe(200)
      expect(res.body.map((u) => u.id)).toEqual([user.id])
      expect(res.headers.get('x-total')).toBe('1')
      expect(res.headers.get('x-total-pages')).toBe('1')
      expect(res.headers.get('x-page')).toBe('1')
      expect(res.headers.get('x-per-page')).toBe('20')
    })

    it('?search= matches name and username, newest first by default (order_by id, sort desc)', async () => {
      const marker = uniqueName('srch')
      const a = await createUser({ name: `Alpha ${marker}` })
      const b = await createUser({ username: `${marker}-b` })
      const c = await createUser({ name: `Gamma ${marker}` })
      const res = await api<UserJson[]>('/users', { token: rootToken(), query: { search: marker } })
      expect(res.status).toBe(200)
      expect(res.body.map((u) => u.id)).toEqual([c.id, b.id, a.id])
      expect(res.headers.get('x-total')).toBe('3')
    })

    it('anonymous callers must name a username (403 otherwise)', async () => {
      const user = await createUser()
      const named = await api<UserJson[]>('/users', { query: { username: user.username } })
      expect(named.status).toBe(200)
      expect(named.body.map((u) => u.id)).toEqual([user.id])

      const all = await api('/users')
      expect(all.status).toBe(403)
      expect(all.body).toEqual({
        message: '403 Forbidden - Not authorized to access /api/v4/users',
      })
    })

    it('shows other users to a non-admin without their email (UserBasic)', async () => {
      const other = await createUser()
      const { token } = await createUserWithToken()
      const res = await api<UserJson[]>('/users', { token, query: { username: other.username } })
      expect(res.status).toBe(200)
      expect(res.body).toHaveLength(1)
      expect(res.body[0]).toMatchObject({ id: other.id, username: other.username, state: 'active' })
      expect(res.body[0]).not.toHaveProperty('email')
      expect(res.body[0]).not.toHaveProperty('is_admin')
    })
  })

  describe('GET /users/:id', () => {
    it('shows a user; a non-admin does not see their email', async () => {
      const other = await createUser()
      const { token } = await createUserWithToken()
      const res = await api<UserJson>(`/users/${other.id}`, { token })
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({
        id: other.id,
        username: other.username,
        name: other.name,
        state: 'active',
        web_url: `${baseUrl()}/${other.username}`,
      })
      expect(res.body).toHaveProperty('avatar_url')
      expect(res.body).not.toHaveProperty('email')
    })

    it('shows the email and admin flag to an admin', async () => {
      const other = await createUser()
      const res = await api<UserJson>(`/users/${other.id}`, { token: rootToken() })
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ id: other.id, email: other.email, is_admin: false })
    })

    it('answers 404 {"message":"404 User Not Found"} for an unknown id', async () => {
      const res = await api('/users/999999999', { token: rootToken() })
      expect(res.status).toBe(404)
      expect(res.body).toEqual(notFound('User'))
    })

    it('answers the catch-all 404 for a non-numeric id (the route only matches digits)', async () => {
      const res = await api('/users/abc', { token: rootToken() })
      expect(res.status).toBe(404)
      expect(res.body).toEqual(ROUTE_NOT_FOUND)
    })

    it('is forbidden to anonymous callers', async () => {
      const res = await api('/users/1')
      expect(res.status).toBe(403)
      expect(res.body).toEqual({ message: '403 Forbidden - Not authorized!' })
    })
  })

  describe('PUT /users/:id', () => {
    it('lets an admin update a user', async () => {
      const user = await createUser()
      const res = await api<UserJson>(`/users/${user.id}`, {
        method: 'PUT',
        token: rootToken(),
        body: { name: 'Renamed Person', bio: 'new bio', organization: 'ACME' },
      })
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({
        id: user.id,
        name: 'Renamed Person',
        bio: 'new bio',
        organization: 'ACME',
      })

      const shown = await api<UserJson>(`/users/${user.id}`, { token: rootToken() })
      expect(shown.body).toMatchObject({
        name: 'Renamed Person',
        bio: 'new bio',
        organization: 'ACME',
      })
    })

    it('adds an identity from provider and extern_uid, shown in the admin view', async () => {
      const user = await createUser()
      const res = await api<UserJson>(`/users/${user.id}`, {
        method: 'PUT',
        token: rootToken(),
        body: { provider: 'github', extern_uid: 'john-1234' },
      })
      expect(res.status).toBe(200)
      expect(res.body.identities).toEqual([
        expect.objectContaining({ provider: 'github', extern_uid: 'john-1234' }),
      ])

      const shown = await api<UserJson>(`/users/${user.id}`, { token: rootToken() })
      expect(shown.body.identities).toEqual([
        expect.objectContaining({ provider: 'github', extern_uid: 'john-1234' }),
      ])
    })

    it('answers 400 for provider without extern_uid (all or none)', async () => {
      const user = await createUser()
      const res = await api(`/users/${user.id}`, {
        method: 'PUT',
        token: rootToken(),
        body: { provider: 'github' },
      })
      expect(res.status).toBe(400)
      expect(res.body).toEqual({ error: expect.any(String) })
    })

    it('answers 409 when the new email or username belongs to someone else', async () => {
      const [user, other] = await Promise.all([createUser(), createUser()])
      const email = await api(`/users/${user.id}`, {
        method: 'PUT',
        token: rootToken(),
        body: { email: other.email },
      })
      expect(email.status).toBe(409)
      expect(email.body).toEqual({ message: 'Email has already been taken' })

      const username = await api(`/users/${user.id}`, {
        method: 'PUT',
        token: rootToken(),
        body: { username: other.username },
      })
      expect(username.status).toBe(409)
      expect(username.body).toEqual({ message: 'Username has already been taken' })
    })

    it('keeping the user their own email or username is not a conflict', async () => {
      const user = await createUser()
      const res = await api<UserJson>(`/users/${user.id}`, {
        method: 'PUT',
        token: rootToken(),
        body: { email: user.email, username: user.username },
      })
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ email: user.email, username: user.username })
    })

    it('is forbidden to non-admins, even on themselves', async () => {
      const { user, token } = await createUserWithToken()
      const res = await api(`/users/${user.id}`, { method: 'PUT', token, body: { bio: 'mine' } })
      expect(res.status).toBe(403)
      expect(res.body).toEqual(FORBIDDEN)
    })

    it('answers 404 for an unknown user', async () => {
      const res = await api('/users/999999999', {
        method: 'PUT',
        token: rootToken(),
        body: { bio: 'nobody' },
      })
      expect(res.status).toBe(404)
      expect(res.body).toEqual(notFound('User'))
    })
  })
})
