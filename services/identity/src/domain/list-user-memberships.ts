import type { MemberPermission } from '@suite/proto'
import type { Stores } from './ports.js'
import type { HeldMembership } from './access-level.js'
import {
  customPermissionsOf,
  permissionsOfRolesHeld,
  type RolePermissions,
} from './member-roles.js'

/** One direct membership of a user as it counts for access elsewhere: level and custom permissions. */
export interface UserMembership {
  sourceType: 'Namespace' | 'Project'
  sourceId: number
  accessLevel: number
  customPermissions: readonly MemberPermission[]
}

export function toUserMembership(held: HeldMembership, roles: RolePermissions): UserMembership {
  return {
    sourceType: held.sourceType,
    sourceId: held.sourceId,
    accessLevel: held.accessLevel,
    customPermissions: customPermissionsOf(held.memberRoleId, roles),
  }
}

/**
 * ListUserMemberships: every unexpired direct membership of a user, and a
 * group membership for each group shared with one of its groups (at most the
 * link's group_access), for other services' policies: the projects service
 * counts a group's memberships in every project below it.
 */
export async function listUserMemberships(
  stores: Stores,
  userId: number,
): Promise<UserMembership[]> {
  const [direct, shared] = await Promise.all([
    stores.members.listForUser(userId),
    stores.groupLinks.grantsOf(userId),
  ])
  const held = [...direct, ...shared]
  const roles = await permissionsOfRolesHeld(stores, held)
  return held.map((membership) => toUserMembership(membership, roles))
}
