import type { MemberRole } from '@suite/proto'
import { MEMBER_PERMISSIONS, type PermissionField } from '../params/member-permissions.js'
import { orNull } from './present-context.js'

/**
 * EE::API::Entities::MemberRole: the role, then every permission of the
 * MemberPermission enum as a boolean (false when the role does not switch it on).
 */
export type MemberRoleJson = {
  id: number
  name: string
  description: string | null
  group_id: number | null
  base_access_level: number
} & Record<PermissionField, boolean>

export function presentMemberRole(role: MemberRole): MemberRoleJson {
  const on = new Set(role.permissions)
  const permissions = Object.fromEntries(
    MEMBER_PERMISSIONS.map(({ permission, field }) => [field, on.has(permission)]),
  ) as Record<PermissionField, boolean>
  return {
    id: role.id,
    name: role.name,
    description: orNull(role.description),
    group_id: orNull(role.groupId),
    base_access_level: role.baseAccessLevel,
    ...permissions,
  }
}
