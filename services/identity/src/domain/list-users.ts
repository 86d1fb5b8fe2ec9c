import { ForbiddenError, InvalidError, NotFoundError } from '@suite/runtime'
import type { Stores } from './ports.js'
import type { Caller } from './caller.js'
import { pageWindow, type PageRequest } from '@suite/runtime'
import { requireAdmin } from './policy.js'
import type { User } from './user.js'
import type { UserOrder, UserOrderColumn, UserQuery } from './user-query.js'

export interface ListUsersInput {
  page?: PageRequest | undefined
  username?: string | undefined
  search?: string | undefined
  active?: boolean | undefined
  blocked?: boolean | undefined
  external?: boolean | undefined
  admins?: boolean | undefined
  /** '' for GitLab's default */
  orderBy: string
  sort: string
  externUid?: string | undefined
  provider?: string | undefined
  excludeInternal: boolean
}

const ORDER_COLUMNS: readonly UserOrderColumn[] = [
  'id',
  'name',
  'username',
  'created_at',
  'updated_at',
]
const INVALID_VALUE = 'does not have a valid value'

/** GitLab orders a search by relevance unless the caller asks for an order. */
export function userOrder(
  input: Pick<ListUsersInput, 'orderBy' | 'sort'>,
  search?: string,
): UserOrder {
  if (input.orderBy !== '' && !ORDER_COLUMNS.includes(input.orderBy as UserOrderColumn)) {
    throw new InvalidError({ order_by: [INVALID_VALUE] })
  }
  if (input.sort !== '' && input.sort !== 'asc' && input.sort !== 'desc') {
    throw new InvalidError({ sort: [INVALID_VALUE] })
  }
  if (search !== undefined && input.orderBy === '' && input.sort === '') {
    return { kind: 'relevance', term: search }
  }
  return {
    kind: 'column',
    column: (input.orderBy || 'id') as UserOrderColumn,
    direction: input.sort === 'asc' ? 'asc' : 'desc',
  }
}

/** GET /users, with what GitLab lets each caller filter and see. */
export async function listUsers(
  stores: Stores,
  caller: Caller,
  input: ListUsersInput,
): Promise<{ users: User[]; total: number }> {
  const username = input.username || undefined
  if (caller.userId === undefined && !caller.admin && username === undefined) {
    throw new ForbiddenError('Not authorized to access /api/v4/users')
  }
  const byIdentity = Boolean(input.externUid && input.provider)
  if (byIdentity) requireAdmin(caller)
  const term = input.search?.replace(/^@/, '').trim() || undefined
  const admin = caller.admin
  const query: UserQuery = {
    username,
    search: term === undefined ? undefined : { term, matchPrivateEmail: admin },
    active: input.active,
    blocked: input.blocked,
    external: admin ? input.external : undefined,
    admins: admin ? input.admins : undefined,
    hideForbiddenStates: !admin,
    excludeBots: input.excludeInternal,
    identity: byIdentity
      ? { provider: input.provider ?? '', externUid: input.externUid ?? '' }
      : undefined,
    order: userOrder(input, term),
  }
  return stores.users.list(query, pageWindow(input.page))
}

/** GET /users/:id */
export async function getUser(stores: Stores, id: number): Promise<User> {
  const user = await stores.users.findById(id)
  if (!user) throw new NotFoundError('User')
  return user
}

/** Users by id for other services; unknown ids are left out. */
export function batchGetUsers(stores: Stores, ids: readonly number[]): Promise<User[]> {
  return stores.users.findByIds(ids.slice(0, 1000))
}
