import { InvalidError, visibilityLevel } from '@suite/runtime'
import type { Stores } from './ports.js'
import type { Caller } from './caller.js'
import {
  findReadableGroup,
  seesInternal,
  withCallerAbilities,
  type GroupWithAbilities,
} from './group-access.js'
import type { GroupQuery, GroupScope } from './group-query.js'
import { pageWindow, type PageRequest } from '@suite/runtime'

export interface ListGroupsInput {
  page?: PageRequest | undefined
  parentId?: number | undefined
  /** With parentId: every group below it (GET /groups/:id/descendant_groups). */
  allDescendants?: boolean | undefined
  search?: string | undefined
  owned: boolean
  minAccessLevel?: number | undefined
  allAvailable?: boolean | undefined
  topLevelOnly: boolean
  skipGroups: readonly number[]
  orderBy: string
  sort: string
  visibility?: string | undefined
}

const INVALID_VALUE = 'does not have a valid value'

/**
 * GitLab's GroupsFinder: owned or min_access_level narrow to memberships;
 * admins see every group unless all_available=false; other signed-in users
 * see the groups around their memberships, and every group they may read
 * with all_available=true or when listing subgroups; anonymous callers see
 * public groups.
 */
async function groupScope(
  stores: Stores,
  caller: Caller,
  input: ListGroupsInput,
): Promise<GroupScope> {
  const userId = caller.userId
  if (userId !== undefined && input.owned) return { kind: 'owned', userId }
  if (userId !== undefined && input.minAccessLevel !== undefined) {
    return { kind: 'min_access', userId, level: input.minAccessLevel }
  }
  if (caller.admin && input.allAvailable !== false) return { kind: 'all' }
  if (userId !== undefined && input.parentId === undefined && input.allAvailable !== true) {
    return { kind: 'membership', userId }
  }
  return { kind: 'readable', userId, internalVisible: await seesInternal(stores, caller) }
}

function groupOrder(input: ListGroupsInput): GroupQuery['order'] {
  const column = input.orderBy || 'name'
  if (column !== 'name' && column !== 'path' && column !== 'id') {
    throw new InvalidError({ order_by: [INVALID_VALUE] })
  }
  if (input.sort !== '' && input.sort !== 'asc' && input.sort !== 'desc') {
    throw new InvalidError({ sort: [INVALID_VALUE] })
  }
  return { column, direction: input.sort === 'desc' ? 'desc' : 'asc' }
}

/** GET /groups, /groups/:id/subgroups and /groups/:id/descendant_groups, each group with the caller's abilities in it. */
export async function listGroups(
  stores: Stores,
  caller: Caller,
  input: ListGroupsInput,
): Promise<{ groups: GroupWithAbilities[]; total: number }> {
  const visibility = input.visibility ? visibilityLevel(input.visibility) : undefined
  if (input.visibility && visibility === undefined) {
    throw new InvalidError({ visibility: [INVALID_VALUE] })
  }
  const order = groupOrder(input)
  if (input.parentId !== undefined) await findReadableGroup(stores, caller, { id: input.parentId })
  const query: GroupQuery = {
    scope: await groupScope(stores, caller, input),
    parentId: input.parentId,
    allDescendants: input.allDescendants ?? false,
    topLevelOnly: input.topLevelOnly,
    search: input.search || undefined,
    skipIds: input.skipGroups,
    visibilityLevel: visibility,
    order,
  }
  const { groups, total } = await stores.namespaces.listGroups(query, pageWindow(input.page))
  return { groups: await withCallerAbilities(stores, caller, groups), total }
}
