import type { MemberPermission } from '@suite/proto'
import type { Stores } from './ports.js'
import type { MemberRole } from './member-role.js'

/** The permissions each custom member role switches on, by role id. */
export type RolePermissions = ReadonlyMap<number, readonly MemberPermission[]>

/** What a membership's custom role switches on; a role that does not resolve switches on nothing. */
export function customPermissionsOf(
  memberRoleId: number | null,
  roles: RolePermissions,
): readonly MemberPermission[] {
  if (memberRoleId === null) return []
  return roles.get(memberRoleId) ?? []
}

/** Every permission switched on by any of the memberships' roles, each once, in enum order. */
export function grantedPermissions(
  memberships: readonly { memberRoleId: number | null }[],
  roles: RolePermissions,
): MemberPermission[] {
  const granted = new Set<MemberPermission>()
  for (const membership of memberships) {
    for (const permission of customPermissionsOf(membership.memberRoleId, roles)) {
      granted.add(permission)
    }
  }
  return [...granted].sort((a, b) => a - b)
}

/** The stored roles the memberships hold, by id (one query; none without roles). */
export async function rolesHeld(
  stores: Stores,
  memberships: readonly { memberRoleId: number | null }[],
): Promise<Map<number, MemberRole>> {
  const ids = memberships.flatMap((membership) =>
    membership.memberRoleId === null ? [] : [membership.memberRoleId],
  )
  const roles = await stores.memberRoles.findByIds(ids)
  return new Map(roles.map((role) => [role.id, role]))
}

/** What the roles the memberships hold switch on, by role id. */
export async function permissionsOfRolesHeld(
  stores: Stores,
  memberships: readonly { memberRoleId: number | null }[],
): Promise<RolePermissions> {
  const roles = await rolesHeld(stores, memberships)
  return new Map([...roles].map(([id, role]) => [id, role.permissions]))
}
