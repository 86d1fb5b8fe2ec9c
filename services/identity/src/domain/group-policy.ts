import { AccessLevel, MemberPermission } from '@suite/proto'
import type { Caller } from './caller.js'
import type { Group } from './namespace.js'
import { VisibilityLevel } from '@suite/runtime'

/** What GitLab's GroupPolicy decides from, for one caller and one group. */
export interface GroupPolicyFacts {
  group: Group
  caller: Caller
  /** The caller's membership level in the group, inherited from ancestors included. */
  level: number
  /** The caller is a member of the group, of a subgroup or of a project below it (has_projects). */
  memberWithin: boolean
  /** The caller is signed in and not external (logged_in_viewable). */
  internalVisible: boolean
  /** What the custom roles of the caller's memberships in the group and above switch on. */
  customPermissions: readonly MemberPermission[]
}

/** What one caller may do in one group (gitlab.common.v1.GroupAbilities, plus two domain-only rules). */
export interface GroupAbilities {
  groupId: number
  /** The effective level: the membership level, Owner for an admin. */
  accessLevel: AccessLevel
  readGroup: boolean
  readGroupMember: boolean
  adminGroupMember: boolean
  adminGroup: boolean
  createSubgroup: boolean
  createProjects: boolean
  removeGroup: boolean
  changeVisibilityLevel: boolean
  adminMemberRoles: boolean
  readSamlIdentities: boolean
  /** :owner_access (Owner or admin): giving, changing or taking away Owner in the group needs it. */
  ownerAccess: boolean
  /** :read_namespace_via_membership (GET /namespaces/:id): any membership in the group or above. */
  readNamespace: boolean
  /** In the caller's authorized groups (any membership here or above), or an admin: runner details list it. */
  authorizedGroup: boolean
  /** The group's CI/CD variables: Owner, or a custom role's admin_cicd_variables. */
  adminCicdVariables: boolean
}

const { ACCESS_LEVEL_NO_ACCESS, ACCESS_LEVEL_GUEST, ACCESS_LEVEL_DEVELOPER } = AccessLevel
const { ACCESS_LEVEL_MAINTAINER, ACCESS_LEVEL_OWNER } = AccessLevel

/** The level project_creation_level asks for (Gitlab::Access::*_PROJECT_ACCESS). */
const PROJECT_CREATION_MINIMUM: Readonly<Record<string, AccessLevel>> = {
  developer: ACCESS_LEVEL_DEVELOPER,
  maintainer: ACCESS_LEVEL_MAINTAINER,
  owner: ACCESS_LEVEL_OWNER,
}

/** GroupPolicy :create_projects, with Group.prevent_project_creation? ('noone' stops admins too). */
function mayCreateProjects(group: Group, caller: Caller, level: AccessLevel): boolean {
  const setting = group.settings.projectCreationLevel
  if (caller.userId === undefined || setting === 'noone') return false
  if (caller.admin) return true
  const minimum = PROJECT_CREATION_MINIMUM[setting]
  return minimum !== undefined && level >= minimum
}

/** GroupPolicy :read_group: public to anyone, internal to signed-in users, private to members. */
function mayReadGroup(facts: GroupPolicyFacts, level: AccessLevel): boolean {
  const { group, caller } = facts
  return (
    caller.admin ||
    group.visibilityLevel === VisibilityLevel.VISIBILITY_LEVEL_PUBLIC ||
    (group.visibilityLevel === VisibilityLevel.VISIBILITY_LEVEL_INTERNAL &&
      facts.internalVisible) ||
    level >= ACCESS_LEVEL_GUEST ||
    facts.memberWithin
  )
}

/**
 * GitLab's GroupPolicy (app/policies/group_policy.rb with the EE rules for
 * custom roles, member roles and SAML), the one place identity decides what a
 * caller may do in a group. An admin counts as Owner (max_member_access_for_user).
 */
export function groupAbilities(facts: GroupPolicyFacts): GroupAbilities {
  const { group, caller } = facts
  const signedIn = caller.userId !== undefined
  const level: AccessLevel = caller.admin
    ? ACCESS_LEVEL_OWNER
    : signedIn
      ? facts.level
      : ACCESS_LEVEL_NO_ACCESS
  const custom = new Set(signedIn ? facts.customPermissions : [])
  const owner = level >= ACCESS_LEVEL_OWNER
  const topLevel = group.parentId === null
  const readGroup = mayReadGroup(facts, level)
  return {
    groupId: group.id,
    accessLevel: level,
    readGroup,
    // can_read_group_member?: a private group's members are not for those without access.
    readGroupMember:
      readGroup &&
      !(
        group.visibilityLevel === VisibilityLevel.VISIBILITY_LEVEL_PRIVATE &&
        level === ACCESS_LEVEL_NO_ACCESS
      ),
    adminGroupMember: owner || custom.has(MemberPermission.MEMBER_PERMISSION_ADMIN_GROUP_MEMBER),
    adminGroup: owner,
    createSubgroup:
      owner ||
      (level >= ACCESS_LEVEL_MAINTAINER && group.settings.subgroupCreationLevel === 'maintainer'),
    createProjects: mayCreateProjects(group, caller, level),
    // A custom role's remove_group counts on subgroups only (custom_role_enables_remove_group & has_parent).
    removeGroup:
      owner || (!topLevel && custom.has(MemberPermission.MEMBER_PERMISSION_REMOVE_GROUP)),
    changeVisibilityLevel: owner,
    // Custom member roles and SAML live on top-level groups only.
    adminMemberRoles: owner && topLevel,
    readSamlIdentities: owner && topLevel,
    ownerAccess: owner,
    readNamespace: level > ACCESS_LEVEL_NO_ACCESS,
    // RunnerDetails' groups: current_user.authorized_groups, all of them for an admin.
    authorizedGroup: level > ACCESS_LEVEL_NO_ACCESS,
    adminCicdVariables:
      owner || custom.has(MemberPermission.MEMBER_PERMISSION_ADMIN_CICD_VARIABLES),
  }
}

/**
 * GroupPolicy :change_share_with_group_lock: an Owner, unless the lock is on
 * and comes from a locked parent, which only who may change the parent's
 * lock can lift (here: an Owner of the parent, an admin included).
 */
export function mayChangeShareWithGroupLock(
  group: Group,
  abilities: Pick<GroupAbilities, 'adminGroup'>,
  parent: { group: Group; abilities: Pick<GroupAbilities, 'adminGroup'> } | undefined,
): boolean {
  if (!abilities.adminGroup) return false
  if (!group.settings.shareWithGroupLock || !parent) return true
  return !parent.group.settings.shareWithGroupLock || parent.abilities.adminGroup
}
