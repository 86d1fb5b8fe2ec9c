import { MemberPermission } from '@suite/proto'
import type { FieldErrors } from '@suite/runtime'
import { isMemberAccessLevel } from './access-level.js'
import { BLANK } from './field-errors.js'
import type { GroupAbilities } from './group-policy.js'
import type { Group } from './namespace.js'

/** A custom role (ee/app/models/members/member_role.rb): a base level plus permissions. */
export interface MemberRole {
  id: number
  name: string
  description: string | null
  /** The top-level group owning the role; null for an instance-wide role. */
  namespaceId: number | null
  baseAccessLevel: number
  /** Switched-on permissions, each once, in enum order. */
  permissions: MemberPermission[]
  createdAt: Date
}

/** MemberRole::MAX_COUNT_PER_GROUP_HIERARCHY; this suite applies it to the instance too. */
export const MAX_MEMBER_ROLES = 10

/** MemberRoles::CreateService#root_group_error */
export const ROOT_GROUP_ONLY = 'Creation of member role is allowed only for root groups'

/** MemberRole#max_count_per_group_hierarchy, as errors.full_messages renders it. */
export const MAX_ROLES_REACHED =
  'Namespace maximum number of Member Roles are already in use by the group hierarchy. ' +
  'Please delete an existing Member Role.'

/** MemberRole#prevent_delete_if_member_associated (a :base error: no attribute prefix). */
export const ROLE_IN_USE =
  'Role is assigned to one or more group members. Remove role from all group members, then delete role.'

/** Member#validate_member_role_access_level */
export const BASE_LEVEL_MISMATCH =
  "role's base access level does not match the access level of the membership"

/** Every permission the proto enum lists: adding one there adds it here. */
export const ALL_PERMISSIONS: readonly MemberPermission[] = Object.values(MemberPermission)
  .filter((value): value is MemberPermission => typeof value === 'number')
  .filter(
    (value) =>
      value !== MemberPermission.MEMBER_PERMISSION_UNSPECIFIED &&
      value !== MemberPermission.UNRECOGNIZED,
  )
  .sort((a, b) => a - b)

/** The permissions as stored: known ones only, each once, in enum order. */
export function normalizePermissions(permissions: readonly number[]): MemberPermission[] {
  return ALL_PERMISSIONS.filter((permission) => permissions.includes(permission))
}

export interface MemberRoleAttributes {
  name: string
  baseAccessLevel: number
}

/** MemberRole's validations as errors.full_messages gives them (the API joins them with ', '). */
export function memberRoleErrors(attributes: MemberRoleAttributes): string[] {
  const messages: string[] = []
  if (attributes.name.trim() === '') messages.push(`Name ${BLANK}`)
  if (!isMemberAccessLevel(attributes.baseAccessLevel)) {
    messages.push('Base access level is not included in the list')
  }
  return messages
}

/** The eleventh role of a group (or of the instance) is refused. */
export function roleCountReached(existing: number): boolean {
  return existing >= MAX_MEMBER_ROLES
}

/**
 * Whether a membership in a source may hold a role: an instance role, or a
 * role of the source's top-level group (rootGroupId; none for a project in a
 * personal namespace).
 */
export function roleUsableIn(role: MemberRole, rootGroupId: number | undefined): boolean {
  return role.namespaceId === null || role.namespaceId === rootGroupId
}

/**
 * GitLab's member validations for a custom role: 'member_role' 'not found'
 * for a role that does not exist or belongs to another hierarchy, and the
 * base-level rule; undefined when the assignment is valid.
 */
export function memberRoleAssignmentErrors(
  role: MemberRole | undefined,
  rootGroupId: number | undefined,
  accessLevel: number,
): FieldErrors | undefined {
  if (!role || !roleUsableIn(role, rootGroupId)) return { member_role: ['not found'] }
  if (role.baseAccessLevel !== accessLevel) return { member_role_id: [BASE_LEVEL_MISMATCH] }
  return undefined
}

/**
 * :admin_member_role on a group's roles: GroupPolicy's adminMemberRoles
 * (Owner of a top-level group, or admin). A subgroup's Owner passes too, so
 * that creating there meets GitLab's root-group rule (400), not a 403.
 */
export function mayManageGroupRoles(
  group: Pick<Group, 'parentId'>,
  abilities: Pick<GroupAbilities, 'adminMemberRoles' | 'adminGroup'>,
): boolean {
  return group.parentId === null ? abilities.adminMemberRoles : abilities.adminGroup
}

/** Only a top-level group owns roles (MemberRoles::CreateService). */
export function rootGroupError(group: Pick<Group, 'parentId'>): string | undefined {
  return group.parentId === null ? undefined : ROOT_GROUP_ONLY
}
