import type { MemberPermission } from '@suite/proto'

/** The permissions each custom member role switches on, by role id. */
export type RolePermissions = ReadonlyMap<number, readonly MemberPermission[]>

/**
 * The custom member roles identity can resolve. None is stored yet (custom
 * member roles come with issue 10, with their table and store), so a
 * membership's member_role_id names no role and switches nothing on: such a
 * membership grants its base access level alone.
 */
export const KNOWN_MEMBER_ROLES: RolePermissions = new Map()

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
