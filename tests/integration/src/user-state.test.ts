import { api, eventually } from './support/api'
import {
  createToken,
  createUser,
  createUserWithToken,
  type UserWithToken,
} from './support/factories'
import { cloneUrl, git, withTempDir } from './support/git'
import { FORBIDDEN, notFound, UNAUTHORIZED } from './support/gitlab-errors'
import { createProject } from './support/projects'
import { rootToken } from './support/suite-state'
import type { ProjectJson, UserJson } from './support/types'

// Issue 26, point 3: POST /users/:id/{block,unblock,deactivate,activate,ban,unban}
// as lib/api/users.rb answers them (admins only; 201 with true, false or null,
// or GitLab's refusal), and a user who is not active loses API and git at once.

const ACTIONS = ['block', 'unblock', 'deactivate', 'activate', 'ban', 'unban'] as const
type Action = (typeof ACTIONS)[number]

function act(action: Action, userId: number, token = rootToken()) {
  return api(`/users/${userId}/${action}`, { method: 'POST', token })
}

async function stateOf(userId: number): Promise<string> {
  return (await api<UserJson>(`/users/${userId}`, { token: rootToken() })).body.state
}

/** The change event reaches the gateway's token cache within moments. */
const answersSoon = (token: string, status: number) =>
  eventually(async () => (await api('/user', { token })).status === status, 3_000, 20)

async function cloneCode(owner: UserWithToken, project: ProjectJson): Promise<number> {
  return withTempDir(async (dir) => {
    const url = cloneUrl(project.path_with_namespace, {
      username: owner.user.username,
      token: owner.token,
    })
    return (await git(['clone', '-q', url, 'wt'], dir)).code
  })
}

function expectAnswer(res: { status: number; text: string }, status: number, text: string): void {
  expect({ status: res.status, text: res.text }).toEqual({ status, text })
}

const forbidden = (why: string) => JSON.stringify({ message: `403 Forbidden - ${why}` })
const verbatim = (message: string) => JSON.stringify({ message })

describe('user state administration', () => {
  let target: UserWithToken
  let stranger: UserWithToken

  beforeAll(async () => {
    target = await createUserWithToken()
    stranger = await createUserWithToken()
  })

  describe.each(ACTIONS)('POST /users/:id/%s', (action) => {
    it('is 401 for anonymous, 403 for a non-admin (even for no such user), 404 for an admin', async () => {
      const anonymous = await api(`/users/${target.user.id}/${action}`, { method: 'POST' })
      expect({ status: anonymous.status, body: anonymous.body }).toEqual({
        status: 401,
        body: UNAUTHORIZED,
      })
      for (const id of [target.user.id, stranger.user.id, 999_999_999]) {
        const res = await act(action, id, stranger.token)
        expect({ status: res.status, body: res.body }).toEqual({ status: 403, body: FORBIDDEN })
      }
      const missing = await act(action, 999_999_999)
      expect({ status: missing.status, body: missing.body }).toEqual({
        status: 404,
        body: notFound('User'),
      })
      expect(await stateOf(target.user.id)).toBe('active')
    })
  })

  it('block stops the token and git at once; unblock gives both back', async () => {
    const owner = await createUserWithToken()
    const project = await createProject(owner.token, {
      visibility: 'private',
      initialize_with_readme: true,
    })
    expect(await cloneCode(owner, project)).toBe(0)

    expectAnswer(await act('block', owner.user.id), 201, 'true')
    expect(await stateOf(owner.user.id)).toBe('blocked')
    expect(await answersSoon(owner.token, 401)).toBe(true)
    expect((await api('/user', { token: owner.token })).body).toEqual(UNAUTHORIZED)
    expect(await cloneCode(owner, project)).not.toBe(0)

    // Already blocked: `break`, 201 null. What a blocked user may not become:
    expectAnswer(await act('block', owner.user.id), 201, 'null')
    expectAnswer(
      await act('deactivate', owner.user.id),
      403,
      forbidden('A blocked user cannot be deactivated by the API'),
    )
    expectAnswer(
      await act('activate', owner.user.id),
      403,
      verbatim('Error occurred. A blocked user must be unblocked to be activated'),
    )
    expectAnswer(await act('ban', owner.user.id), 403, verbatim('You cannot ban blocked users.'))
    expectAnswer(
      await act('unban', owner.user.id),
      403,
      verbatim('You cannot unban blocked users.'),
    )
    expect(await stateOf(owner.user.id)).toBe('blocked')

    expectAnswer(await act('unblock', owner.user.id), 201, 'true')
    expect(await stateOf(owner.user.id)).toBe('active')
    expect(await answersSoon(owner.token, 200)).toBe(true)
    expect(await cloneCode(owner, project)).toBe(0)
    // UnblockService's activate event takes no active user: 201 false.
    expectAnswer(await act('unblock', owner.user.id), 201, 'false')
  })

  it('refuses to let an admin block themselves', async () => {
    const admin = await createUser({ admin: true })
    const { token } = await createToken(admin.id, ['api'])
    expectAnswer(
      await act('block', admin.id, token),
      403,
      forbidden('The API initiating user cannot be blocked by the API'),
    )
    expect(await stateOf(admin.id)).toBe('active')
  })

  it('deactivate and activate, and what a deactivated user may not become', async () => {
    const user = await createUserWithToken()
    expectAnswer(await act('activate', user.user.id), 201, 'true')
    expectAnswer(await act('deactivate', user.user.id), 201, 'true')
    expect(await stateOf(user.user.id)).toBe('deactivated')
    expect(await answersSoon(user.token, 401)).toBe(true)
    expectAnswer(await act('deactivate', user.user.id), 201, 'null')
    expectAnswer(
      await act('unblock', user.user.id),
      403,
      forbidden('Deactivated users cannot be unblocked by the API'),
    )
    expectAnswer(await act('ban', user.user.id), 403, verbatim('You cannot ban deactivated users.'))
    expectAnswer(await act('activate', user.user.id), 201, 'true')
    expect(await stateOf(user.user.id)).toBe('active')
    expect(await answersSoon(user.token, 200)).toBe(true)

    // A deactivated user can be blocked; unblocking makes them active.
    expectAnswer(await act('deactivate', user.user.id), 201, 'true')
    expectAnswer(await act('block', user.user.id), 201, 'true')
    expect(await stateOf(user.user.id)).toBe('blocked')
    expectAnswer(await act('unblock', user.user.id), 201, 'true')
    expect(await stateOf(user.user.id)).toBe('active')
  })

  it('ban and unban', async () => {
    const user = await createUserWithToken()
    expectAnswer(await act('unban', user.user.id), 403, verbatim('You cannot unban active users.'))
    expectAnswer(await act('ban', user.user.id), 201, 'true')
    expect(await stateOf(user.user.id)).toBe('banned')
    expect(await answersSoon(user.token, 401)).toBe(true)
    expectAnswer(await act('ban', user.user.id), 403, verbatim('You cannot ban banned users.'))
    // A banned user counts as blocked.
    expectAnswer(await act('block', user.user.id), 201, 'null')
    expectAnswer(
      await act('deactivate', user.user.id),
      403,
      forbidden('A blocked user cannot be deactivated by the API'),
    )
    expectAnswer(await act('unban', user.user.id), 201, 'true')
    expect(await stateOf(user.user.id)).toBe('active')
    expect(await answersSoon(user.token, 200)).toBe(true)
  })
})
