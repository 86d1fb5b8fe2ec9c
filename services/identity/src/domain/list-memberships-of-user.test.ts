import { ForbiddenError, NotFoundError, UnauthenticatedError } from '@suite/runtime'
import { admin, anonymous, user } from '../testing/test-callers.js'
import { listMembershipsOfUser } from './list-memberships-of-user.js'
import type { MemberStore, UserStore } from './ports.js'
import type { User } from './user.js'

function storesWith(userIds: number[]) {
  const calls: unknown[][] = []
  const users: Pick<UserStore, 'findById'> = {
    findById: (id) => Promise.resolve(userIds.includes(id) ? ({ id } as User) : undefined),
  }
  const members: Pick<MemberStore, 'listOfUser'> = {
    listOfUser: (...args) => {
      calls.push(args)
      return Promise.resolve({ memberships: [], total: 0 })
    },
  }
  return { stores: { users: users as UserStore, members: members as MemberStore }, calls }
}

describe('listMembershipsOfUser (GET /users/:user_id/memberships)', () => {
  it('is for admins only, even for no such user (403 before 404)', async () => {
    const { stores, calls } = storesWith([7])
    await expect(
      listMembershipsOfUser(stores, user, 7, undefined, undefined),
    ).rejects.toBeInstanceOf(ForbiddenError)
    await expect(
      listMembershipsOfUser(stores, user, 99, undefined, undefined),
    ).rejects.toBeInstanceOf(ForbiddenError)
    await expect(
      listMembershipsOfUser(stores, anonymous, 7, undefined, undefined),
    ).rejects.toBeInstanceOf(UnauthenticatedError)
    expect(calls).toEqual([])
  })

  it('is 404 User Not Found for an admin asking about no such user', async () => {
    const { stores } = storesWith([7])
    await expect(listMembershipsOfUser(stores, admin, 99, undefined, undefined)).rejects.toEqual(
      new NotFoundError('User'),
    )
  })

  it('passes the type and a capped page window to the store', async () => {
    const { stores, calls } = storesWith([7])
    await listMembershipsOfUser(stores, admin, 7, 'Project', { page: 2, perPage: 500 })
    expect(calls).toEqual([[7, 'Project', { limit: 100, offset: 100 }]])
  })
})
