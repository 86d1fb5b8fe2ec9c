import { NotFoundError, UnauthenticatedError } from '@suite/runtime'
import { hashPassword } from './password.js'
import type { UserStore } from './ports.js'
import type { User } from './user.js'
import { accessDenial, authenticatePassword, checkUserAccess } from './user-access.js'

const PASSWORD = 'correct horse battery'

/** A users store holding one user with `PASSWORD`, found by username or email. */
async function storeWith(state: string) {
  const user = { id: 7, username: 'Alice', email: 'alice@example.com', state } as User
  const encryptedPassword = await hashPassword(PASSWORD)
  const users: Pick<UserStore, 'findById' | 'findPasswordByLogin'> = {
    findById: (id) => Promise.resolve(id === user.id ? user : undefined),
    findPasswordByLogin: (login) =>
      Promise.resolve(
        [user.username, user.email].some((v) => v.toLowerCase() === login.toLowerCase())
          ? { id: user.id, encryptedPassword }
          : undefined,
      ),
  }
  return { users: users as UserStore }
}

describe('accessDenial (Gitlab::Auth::UserAccessDeniedReason)', () => {
  it.each([
    ['active', undefined],
    ['blocked', 'blocked'],
    ['ldap_blocked', 'blocked'],
    ['banned', 'blocked'],
    ['blocked_pending_approval', 'blocked_pending_approval'],
    ['deactivated', 'deactivated'],
  ])('a %s user: %s', (state, denial) => {
    expect(accessDenial({ state })).toBe(denial)
  })
})

describe('checkUserAccess', () => {
  it('answers the user and why they may not act; 404 for no such user', async () => {
    const stores = await storeWith('banned')
    const access = await checkUserAccess(stores, 7)
    expect([access.user.id, access.denial]).toEqual([7, 'blocked'])
    await expect(checkUserAccess(stores, 8)).rejects.toBeInstanceOf(NotFoundError)
  })
})

describe('authenticatePassword (find_with_user_password)', () => {
  it('signs in by username or email in any case', async () => {
    const stores = await storeWith('active')
    expect((await authenticatePassword(stores, 'alice', PASSWORD)).id).toBe(7)
    expect((await authenticatePassword(stores, 'ALICE@example.com', PASSWORD)).id).toBe(7)
  })

  it.each([
    ['a wrong password', 'alice', 'wrong'],
    ['an unknown login', 'bob', PASSWORD],
    ['an empty login', '', PASSWORD],
    ['an empty password', 'alice', ''],
    ['an overlong password', 'alice', 'x'.repeat(129)],
    ['an overlong login', 'a'.repeat(256), PASSWORD],
    ['a login with a NUL character', 'alice\u0000', PASSWORD],
  ])('refuses %s with 401', async (_why, login, password) => {
    const stores = await storeWith('active')
    await expect(authenticatePassword(stores, login, password)).rejects.toBeInstanceOf(
      UnauthenticatedError,
    )
  })

  it.each(['blocked', 'banned', 'deactivated', 'blocked_pending_approval'])(
    'refuses a %s user even with the right password',
    async (state) => {
      const stores = await storeWith(state)
      await expect(authenticatePassword(stores, 'alice', PASSWORD)).rejects.toBeInstanceOf(
        UnauthenticatedError,
      )
    },
  )
})
