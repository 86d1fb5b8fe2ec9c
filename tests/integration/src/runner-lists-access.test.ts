import { api } from './support/api'
import { createUserWithToken } from './support/factories'
import { rootToken } from './support/suite-state'

// Issue 24: the runner lists outside a project, per caller, as lib/api/ci/runners.rb answers
// them: GET /runners needs a signed-in user (authenticate!, their own runners), GET /runners/all
// an administrator (authenticated_as_admin!). Anonymous callers get 401 on both.

jest.setTimeout(60_000)

describe('runner lists outside a project', () => {
  it('answers 401 anonymous, 403 /runners/all to a non-admin, 200 to an admin', async () => {
    const user = await createUserWithToken()
    const cases: [string, string | undefined, number][] = [
      ['/runners', undefined, 401],
      ['/runners/all', undefined, 401],
      ['/runners', user.token, 200],
      ['/runners/all', user.token, 403],
      ['/runners', rootToken(), 200],
      ['/runners/all', rootToken(), 200],
    ]
    const seen = await Promise.all(
      cases.map(async ([path, token]) => {
        const res = await api<unknown>(path, token === undefined ? {} : { token })
        return [
          path,
          token === undefined ? 'anonymous' : token === user.token ? 'user' : 'admin',
          res.status,
        ]
      }),
    )
    expect(seen).toEqual(
      cases.map(([path, token, status]) => [
        path,
        token === undefined ? 'anonymous' : token === user.token ? 'user' : 'admin',
        status,
      ]),
    )
    // A new user owns no runner: their list is empty.
    const own = await api<unknown[]>('/runners', { token: user.token })
    expect(own.body).toEqual([])
  })
})
