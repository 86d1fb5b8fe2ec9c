import { NotFoundError } from '@suite/runtime'
import type { Stores } from '../store/stores.js'
import { AccessLevel, effectiveAccessLevel } from './access-level.js'
import type { Caller } from './caller.js'
import type { Group, NamespaceRef } from './namespace.js'
import { canReadGroup } from './policy.js'
import { isBlocked } from './user.js'

/** A user's level in a group from its own and its ancestors' memberships. */
export async function memberLevelInGroup(
  stores: Stores,
  userId: number,
  group: Group,
): Promise<number> {
  const held = await stores.members.held([userId], { groupIds: group.traversalIds })
  return effectiveAccessLevel(held)
}

/**
 * The caller's level as GitLab's Group#max_member_access_for_user gives it:
 * Owner for an admin, else its inherited membership level.
 */
export async function callerLevelInGroup(
  stores: Stores,
  caller: Caller,
  group: Group,
): Promise<number> {
  if (caller.admin) return AccessLevel.OWNER
  if (caller.userId === undefined) return AccessLevel.NO_ACCESS
  return memberLevelInGroup(stores, caller.userId, group)
}

/** Levels of the caller in many groups with one query. */
export async function callerLevelsInGroups(
  stores: Stores,
  caller: Caller,
  groups: readonly Group[],
): Promise<Map<number, number>> {
  const levels = new Map<number, number>()
  if (caller.admin || caller.userId === undefined) {
    for (const group of groups) {
      levels.set(group.id, caller.admin ? AccessLevel.OWNER : AccessLevel.NO_ACCESS)
    }
    return levels
  }
  const groupIds = [...new Set(groups.flatMap((group) => group.traversalIds))]
  const held = await stores.members.held([caller.userId], { groupIds })
  for (const group of groups) {
    const ancestors = new Set(group.traversalIds)
    levels.set(group.id, effectiveAccessLevel(held.filter((m) => ancestors.has(m.sourceId))))
  }
  return levels
}

/** Signed in, active and not external: who sees internal groups. */
export async function seesInternal(stores: Stores, caller: Caller): Promise<boolean> {
  if (caller.admin) return true
  if (caller.userId === undefined) return false
  const user = await stores.users.findById(caller.userId)
  return user !== undefined && !user.external && !isBlocked(user)
}

export async function canCallerReadGroup(
  stores: Stores,
  caller: Caller,
  group: Group,
  level: number,
): Promise<boolean> {
  const quick = canReadGroup(group, {
    caller,
    level,
    memberWithin: false,
    internalVisible: false,
  })
  if (quick || caller.userId === undefined) return quick
  return canReadGroup(group, {
    caller,
    level,
    internalVisible: await seesInternal(stores, caller),
    memberWithin: await stores.members.hasMembershipWithin(caller.userId, group.id),
  })
}

/** A group the caller may read, with its level in it; 404 Group otherwise. */
export async function findReadableGroup(
  stores: Stores,
  caller: Caller,
  ref: NamespaceRef,
): Promise<{ group: Group; level: number }> {
  const group = await stores.namespaces.findGroup(ref)
  if (!group) throw new NotFoundError('Group')
  const level = await callerLevelInGroup(stores, caller, group)
  if (!(await canCallerReadGroup(stores, caller, group, level))) throw new NotFoundError('Group')
  return { group, level }
}
