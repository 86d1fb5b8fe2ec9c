import { NotFoundError } from '@suite/runtime'
import type { Stores } from './ports.js'
import { effectiveAccessLevel, type HeldMembership } from './access-level.js'
import type { Caller } from './caller.js'
import { groupAbilities, type GroupAbilities, type GroupPolicyFacts } from './group-policy.js'
import { grantedPermissions, permissionsOfRolesHeld, type RolePermissions } from './member-roles.js'
import type { Group, NamespaceRef } from './namespace.js'
import { isBlocked } from './user.js'

/** A group with what the caller may do in it. */
export interface GroupWithAbilities {
  group: Group
  abilities: GroupAbilities
}

/** What the caller's memberships in a group and its ancestors grant there. */
function grantIn(
  group: Group,
  held: readonly HeldMembership[],
  roles: RolePermissions,
): Pick<GroupPolicyFacts, 'level' | 'customPermissions'> {
  const ancestors = new Set(group.traversalIds)
  const counted = held.filter(
    (membership) => membership.sourceType === 'Namespace' && ancestors.has(membership.sourceId),
  )
  return {
    level: effectiveAccessLevel(counted),
    customPermissions: grantedPermissions(counted, roles),
  }
}

/**
 * The caller's memberships in the groups and their ancestors, and what groups
 * shared with its groups grant there (Group#max_member_access_for_user counts
 * members_from_self_and_ancestor_group_shares); an admin's do not matter.
 */
async function heldInGroups(
  stores: Stores,
  caller: Caller,
  groups: readonly Group[],
): Promise<HeldMembership[]> {
  if (caller.admin || caller.userId === undefined) return []
  const groupIds = [...new Set(groups.flatMap((group) => group.traversalIds))]
  const [direct, shared] = await Promise.all([
    stores.members.held([caller.userId], { groupIds }),
    stores.groupLinks.grantsOf(caller.userId, groupIds),
  ])
  return [...direct, ...shared]
}

/** Signed in, active and not external: who sees internal groups. */
export async function seesInternal(stores: Stores, caller: Caller): Promise<boolean> {
  if (caller.admin) return true
  if (caller.userId === undefined) return false
  const user = await stores.users.findById(caller.userId)
  return user !== undefined && !user.external && !isBlocked(user)
}

/**
 * The caller's abilities in each group (GroupPolicy), with one query for the
 * memberships. Whether the user may see internal groups and whether it is a
 * member somewhere below a group only add read access, so they are looked up
 * (once for all groups) only for the groups the caller cannot read without them.
 */
export async function withCallerAbilities(
  stores: Stores,
  caller: Caller,
  groups: readonly Group[],
): Promise<GroupWithAbilities[]> {
  const held = await heldInGroups(stores, caller, groups)
  const roles = await permissionsOfRolesHeld(stores, held)
  const facts = (group: Group): GroupPolicyFacts => ({
    group,
    caller,
    ...grantIn(group, held, roles),
    memberWithin: false,
    internalVisible: false,
  })
  const quick = groups.map((group) => ({ group, abilities: groupAbilities(facts(group)) }))
  const unread = quick.filter((entry) => !entry.abilities.readGroup).map((entry) => entry.group)
  const userId = caller.userId
  if (unread.length === 0 || userId === undefined) return quick
  const [internalVisible, within] = await Promise.all([
    seesInternal(stores, caller),
    stores.members.groupsWithMembershipWithin(
      userId,
      unread.map((group) => group.id),
    ),
  ])
  return quick.map((entry) =>
    entry.abilities.readGroup
      ? entry
      : {
          group: entry.group,
          abilities: groupAbilities({
            ...facts(entry.group),
            internalVisible,
            memberWithin: within.has(entry.group.id),
          }),
        },
  )
}

/** The caller's abilities in one group. */
export async function callerAbilitiesInGroup(
  stores: Stores,
  caller: Caller,
  group: Group,
): Promise<GroupAbilities> {
  const [entry] = await withCallerAbilities(stores, caller, [group])
  if (!entry) throw new Error(`no abilities computed for group ${group.id}`)
  return entry.abilities
}

/** A group the caller may read, with its abilities in it; 404 Group otherwise. */
export async function findReadableGroup(
  stores: Stores,
  caller: Caller,
  ref: NamespaceRef,
): Promise<GroupWithAbilities> {
  const group = await stores.namespaces.findGroup(ref)
  if (!group) throw new NotFoundError('Group')
  const abilities = await callerAbilitiesInGroup(stores, caller, group)
  if (!abilities.readGroup) throw new NotFoundError('Group')
  return { group, abilities }
}
