import { status } from '@grpc/grpc-js'
import type { Caller, Group, GroupRef, User } from '@suite/proto'
import { isServiceError } from '@suite/runtime'
import { notFound } from '../errors/http-error.js'
import { hasNul, saturatingInteger } from '../params/coercions.js'
import type { IdentityClients } from './identity.client.js'

/**
 * Users by id with one BatchGetUsers call, each with `caller`'s abilities on
 * it (anonymous's when undefined); ids that do not exist are left out.
 */
export async function loadUsers(
  identity: Pick<IdentityClients, 'users'>,
  ids: readonly number[],
  caller?: Caller,
): Promise<Map<number, User>> {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return new Map()
  const { users } = await identity.users.read.batchGetUsers({ ids: unique, caller })
  return new Map(users.map((user) => [user.id, user]))
}

/** `:id` of a group path: a numeric id or a full path (already percent-decoded). */
export function groupRef(id: string): GroupRef {
  return /^\d+$/.test(id) ? { id: saturatingInteger(id) } : { fullPath: id }
}

/**
 * The group named by `:id` with the caller's abilities in it (group.abilities);
 * a group the caller may not read is a 404 Group Not Found, as GitLab's find_group!.
 */
export async function findGroup(
  identity: Pick<IdentityClients, 'groups'>,
  caller: Caller,
  id: string,
): Promise<Group> {
  if (hasNul(id)) throw notFound('Group')
  try {
    const { group } = await identity.groups.read.getGroup({ caller, group: groupRef(id) })
    if (!group) throw notFound('Group')
    return group
  } catch (error) {
    if (isServiceError(error) && error.code === status.NOT_FOUND) throw notFound('Group')
    throw error
  }
}

/**
 * GitLab's find_user for `:user_id`/`:id` of user paths: a numeric id, else a
 * username (case-insensitive); 404 User Not Found otherwise. The user carries
 * the caller's abilities on it (user.abilities).
 */
export async function findUserByIdOrUsername(
  identity: Pick<IdentityClients, 'users'>,
  caller: Caller,
  id: string,
): Promise<User> {
  if (id === '' || hasNul(id)) throw notFound('User')
  try {
    if (/^\d+$/.test(id)) {
      const { user } = await identity.users.read.getUser({ caller, id: saturatingInteger(id) })
      if (user) return user
    } else {
      const { users } = await identity.users.read.listUsers({
        caller,
        page: { page: 1, perPage: 1 },
        username: id,
        orderBy: 'id',
        sort: 'asc',
        excludeInternal: false,
      })
      const user = users.find((candidate) => candidate.username.toLowerCase() === id.toLowerCase())
      if (user) return user
    }
  } catch (error) {
    if (!(isServiceError(error) && error.code === status.NOT_FOUND)) throw error
  }
  throw notFound('User')
}
