import { admin, anonymous } from '../testing/test-callers.js'
import type { Caller } from './caller.js'
import { userAbilities } from './user-policy.js'

const alice = { id: 2, privateProfile: false }
const hidden = { id: 2, privateProfile: true }
const self: Caller = { userId: 2, admin: false, scopes: ['api'] }
const other: Caller = { userId: 9, admin: false, scopes: ['api'] }

describe('userAbilities: read_user_profile', () => {
  it('lets anyone read a public profile', () => {
    for (const caller of [self, other, admin, anonymous]) {
      expect(userAbilities(alice, caller).readUserProfile).toBe(true)
    }
  })

  it('shows a private profile only to the user and to admins', () => {
    expect(userAbilities(hidden, self).readUserProfile).toBe(true)
    expect(userAbilities(hidden, admin).readUserProfile).toBe(true)
    expect(userAbilities(hidden, other).readUserProfile).toBe(false)
    expect(userAbilities(hidden, anonymous).readUserProfile).toBe(false)
  })
})
