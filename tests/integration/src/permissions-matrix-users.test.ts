import { api } from './support/api'
import { createToken, createUserWithToken, type UserWithToken } from './support/factories'
import { FORBIDDEN, UNAUTHORIZED } from './support/gitlab-errors'
import { rootToken } from './support/suite-state'

/**
 * The permission matrix of a user's own resources (issue 26, point 3): every
 * kind of caller — anonymous, the user themselves, another user, an admin —
 * on each route about one user, against GitLab's answer (lib/api/users.rb:
 * authenticated_as_admin! answers 401 to anonymous callers and 403 to every
 * non-admin, the user included, before anything else; a status is anyone's
 * to read and its user's to set).
 */

type Role = 'anonymous' | 'self' | 'other user' | 'admin'
const ROLES: readonly Role[] = ['anonymous', 'self', 'other user', 'admin']

interface Outcome {
  status: number
  body?: unknown
}

interface Row {
  name: string
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  path: () => string
  body?: () => Record<string, unknown>
  /** What each caller gets. */
  expected: Record<Role, Outcome>
}

const ADMIN_ONLY = (ok: number): Record<Role, Outcome> => ({
  anonymous: { status: 401, body: UNAUTHORIZED },
  self: { status: 403, body: FORBIDDEN },
  'other user': { status: 403, body: FORBIDDEN },
  admin: { status: ok },
})

let subject: UserWithToken
let other: UserWithToken
/** One impersonation token per caller, so that each DELETE has its own. */
const impersonationIds = new Map<Role, number>()

const ROWS: Row[] = [
  {
    name: 'GET /users/:user_id/memberships',
    method: 'GET',
    path: () => `/users/${subject.user.id}/memberships`,
    expected: ADMIN_ONLY(200),
  },
  {
    name: 'GET /users/:user_id/impersonation_tokens',
    method: 'GET',
    path: () => `/users/${subject.user.id}/impersonation_tokens`,
    expected: ADMIN_ONLY(200),
  },
  {
    name: 'POST /users/:user_id/impersonation_tokens',
    method: 'POST',
    path: () => `/users/${subject.user.id}/impersonation_tokens`,
    body: () => ({ name: 'matrix', scopes: ['read_user'] }),
    expected: ADMIN_ONLY(201),
  },
  {
    name: 'GET /users/:user_id/impersonation_tokens/:impersonation_token_id',
    method: 'GET',
    path: () =>
      `/users/${subject.user.id}/impersonation_tokens/${impersonationIds.get('admin') ?? 0}`,
    expected: ADMIN_ONLY(200),
  },
]

/** Every signed-in caller: their own; anonymous: 401. */
const SIGNED_IN: Record<Role, Outcome> = {
  anonymous: { status: 401, body: UNAUTHORIZED },
  self: { status: 200 },
  'other user': { status: 200 },
  admin: { status: 200 },
}

ROWS.push(
  {
    name: 'GET /user/status',
    method: 'GET',
    path: () => '/user/status',
    expected: SIGNED_IN,
  },
  {
    name: 'PUT /user/status',
    method: 'PUT',
    path: () => '/user/status',
    body: () => ({ emoji: 'coffee', message: 'matrix' }),
    expected: SIGNED_IN,
  },
  {
    name: 'PATCH /user/status',
    method: 'PATCH',
    path: () => '/user/status',
    body: () => ({ availability: 'busy' }),
    expected: SIGNED_IN,
  },
  {
    name: 'GET /users/:user_id/status',
    method: 'GET',
    path: () => `/users/${subject.user.id}/status`,
    expected: {
      anonymous: { status: 200 },
      self: { status: 200 },
      'other user': { status: 200 },
      admin: { status: 200 },
    },
  },
)

/** DELETE of a token each caller has its own copy of (the admin's is really revoked). */
const DELETE_ROW: Omit<Row, 'path'> = {
  name: 'DELETE /users/:user_id/impersonation_tokens/:impersonation_token_id',
  method: 'DELETE',
  expected: ADMIN_ONLY(204),
}

function tokenOf(role: Role): string | undefined {
  if (role === 'anonymous') return undefined
  if (role === 'admin') return rootToken()
  return role === 'self' ? subject.token : other.token
}

async function ask(row: Omit<Row, 'path'>, path: string, role: Role): Promise<Outcome> {
  const res = await api(path, { method: row.method, token: tokenOf(role), body: row.body?.() })
  return { status: res.status, body: res.body }
}

function expectOutcome(actual: Outcome, expected: Outcome): void {
  if (expected.body === undefined) expect(actual.status).toBe(expected.status)
  else expect(actual).toEqual(expected)
}

describe('permission matrix: a user’s own resources', () => {
  beforeAll(async () => {
    ;[subject, other] = await Promise.all([createUserWithToken(), createUserWithToken()])
    // Something to find: an impersonation token per caller and a personal one.
    await createToken(subject.user.id, ['api'])
    for (const role of ROLES) {
      const res = await api<{ id: number }>(`/users/${subject.user.id}/impersonation_tokens`, {
        method: 'POST',
        token: rootToken(),
        body: { name: `for ${role}`, scopes: ['api'] },
      })
      expect(res.status).toBe(201)
      impersonationIds.set(role, res.body.id)
    }
  })

  describe.each(ROWS)('$name', (row) => {
    it.each(ROLES)('as %s', async (role) => {
      expectOutcome(await ask(row, row.path(), role), row.expected[role])
    })
  })

  describe(DELETE_ROW.name, () => {
    it.each(ROLES)('as %s', async (role) => {
      const path = `/users/${subject.user.id}/impersonation_tokens/${impersonationIds.get(role) ?? 0}`
      expectOutcome(await ask(DELETE_ROW, path, role), DELETE_ROW.expected[role])
    })
  })

  it('an admin asking about no such user gets 404 User Not Found everywhere', async () => {
    for (const path of ['/memberships', '/impersonation_tokens', '/impersonation_tokens/1']) {
      const res = await api(`/users/999999999${path}`, { token: rootToken() })
      expect([res.status, res.body]).toEqual([404, { message: '404 User Not Found' }])
    }
  })
})
