import { ForbiddenError, NotFoundError } from '@suite/runtime'
import { admin, user } from '../testing/test-callers.js'
import {
  getImpersonationToken,
  listImpersonationTokens,
  revokeImpersonationToken,
} from './impersonation-tokens.js'
import type { Stores, TokenStore, UserStore } from './ports.js'
import type { PersonalAccessToken } from './token.js'
import type { User } from './user.js'

const USER_ID = 7

function token(id: number, overrides: Partial<PersonalAccessToken> = {}): PersonalAccessToken {
  return {
    id,
    userId: USER_ID,
    name: `t${id}`,
    description: null,
    scopes: ['api'],
    revoked: false,
    expiresAt: null,
    lastUsedAt: null,
    createdAt: new Date('2026-11-01T00:00:00Z'),
    impersonation: true,
    ...overrides,
  }
}

function storesWith(tokens: PersonalAccessToken[]) {
  const revoked: number[] = []
  const listed: unknown[][] = []
  const users: Pick<UserStore, 'findById'> = {
    findById: (id) => Promise.resolve(id === USER_ID ? ({ id } as User) : undefined),
  }
  const store: Pick<TokenStore, 'findById' | 'revoke' | 'listImpersonation'> = {
    findById: (id) => Promise.resolve(tokens.find((t) => t.id === id)),
    revoke: (id) => {
      revoked.push(id)
      return Promise.resolve()
    },
    listImpersonation: (...args) => {
      listed.push(args)
      return Promise.resolve({ tokens: [], total: 0 })
    },
  }
  const stores = { users: users as UserStore, tokens: store as TokenStore } as Stores
  return { stores, revoked, listed }
}

describe('impersonation tokens (lib/api/users.rb)', () => {
  const own = token(1)
  const personal = token(2, { impersonation: false })
  const otherUsers = token(3, { userId: 8 })

  it('are for admins only: 403 before 404 User Not Found', async () => {
    const { stores } = storesWith([own])
    await expect(getImpersonationToken(stores, user, USER_ID, 1)).rejects.toBeInstanceOf(
      ForbiddenError,
    )
    await expect(getImpersonationToken(stores, user, 99, 1)).rejects.toBeInstanceOf(ForbiddenError)
    await expect(getImpersonationToken(stores, admin, 99, 1)).rejects.toEqual(
      new NotFoundError('User'),
    )
  })

  it("find only the user's own impersonation tokens (404 Impersonation Token)", async () => {
    const { stores, revoked } = storesWith([own, personal, otherUsers])
    expect(await getImpersonationToken(stores, admin, USER_ID, 1)).toBe(own)
    for (const id of [2, 3, 4]) {
      await expect(getImpersonationToken(stores, admin, USER_ID, id)).rejects.toEqual(
        new NotFoundError('Impersonation Token'),
      )
      await expect(revokeImpersonationToken(stores, admin, USER_ID, id)).rejects.toEqual(
        new NotFoundError('Impersonation Token'),
      )
    }
    await revokeImpersonationToken(stores, admin, USER_ID, 1)
    expect(revoked).toEqual([1])
  })

  it('lists with the state filter, today and a capped page', async () => {
    const { stores, listed } = storesWith([])
    const now = new Date('2026-11-29T23:59:00Z')
    await listImpersonationTokens(
      stores,
      admin,
      USER_ID,
      'inactive',
      { page: 1, perPage: 1000 },
      now,
    )
    expect(listed).toEqual([[USER_ID, 'inactive', '2026-11-29', { limit: 100, offset: 0 }]])
  })
})
