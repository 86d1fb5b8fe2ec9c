import { ForbiddenError, UnauthenticatedError } from '@suite/runtime'
import { AccessLevel } from './access-level.js'
import type { Caller } from './caller.js'
import type { Group, Namespace } from './namespace.js'
import type { PersonalAccessToken } from './token.js'
import { VisibilityLevel } from './visibility.js'

/** GitLab's authenticate!: the caller's user id, or 401. */
export function requireSignedIn(caller: Caller): number {
  if (caller.userId === undefined) throw new UnauthenticatedError()
  return caller.userId
}

/** GitLab's authenticated_as_admin!: 401 when anonymous, 403 when not an admin. */
export function requireAdmin(caller: Caller): void {
  requireSignedIn(caller)
  if (!caller.admin) throw new ForbiddenError()
}

/** What decides whether a caller may read a group (GroupPolicy :read_group). */
export interface GroupReadFacts {
  caller: Caller
  /** The caller's level in the group, inherited from ancestors included. */
  level: number
  /** The caller is a member of a subgroup or project below (or in) the group. */
  memberWithin: boolean
  /** The caller is a signed-in user who is not external. */
  internalVisible: boolean
}

export function canReadGroup(group: Group, facts: GroupReadFacts): boolean {
  if (facts.caller.admin) return true
  if (group.visibilityLevel === VisibilityLevel.PUBLIC) return true
  if (group.visibilityLevel === VisibilityLevel.INTERNAL && facts.internalVisible) return true
  return facts.level > AccessLevel.NO_ACCESS || facts.memberWithin
}

/**
 * GET /namespaces/:id uses :read_namespace_via_membership: the owner of a
 * personal namespace, a member of a group (inherited included), or an admin.
 */
export function canReadNamespace(namespace: Namespace, caller: Caller, level: number): boolean {
  if (caller.admin) return true
  if (namespace.kind === 'user')
    return caller.userId !== undefined && namespace.ownerId === caller.userId
  return level > AccessLevel.NO_ACCESS
}

/** GroupPolicy :read_group_member: private groups show members only to those with access. */
export function canReadGroupMembers(group: Group, caller: Caller, level: number): boolean {
  return caller.admin || group.visibilityLevel !== VisibilityLevel.PRIVATE || level > 0
}

/** :create_group for a top-level group. */
export function canCreateTopLevelGroup(caller: Caller, userCanCreateGroup: boolean): boolean {
  return caller.admin || userCanCreateGroup
}

/** :create_subgroup: Owner, or Maintainer where the parent lets maintainers create subgroups. */
export function canCreateSubgroup(caller: Caller, parent: Group, level: number): boolean {
  if (caller.admin) return true
  const needed =
    parent.settings.subgroupCreationLevel === 'maintainer'
      ? AccessLevel.MAINTAINER
      : AccessLevel.OWNER
  return level >= needed
}

/** :admin_group_member needs Owner; :admin_project_member needs Maintainer. */
export function canManageMembers(
  caller: Caller,
  sourceType: 'Namespace' | 'Project',
  level: number,
): boolean {
  if (caller.admin) return true
  return level >= (sourceType === 'Namespace' ? AccessLevel.OWNER : AccessLevel.MAINTAINER)
}

/** Giving or taking away Owner in a project needs :manage_owners (Owner). */
export function canManageOwners(caller: Caller, level: number): boolean {
  return caller.admin || level >= AccessLevel.OWNER
}

/** Reading a token: its owner, or an admin (PersonalAccessTokenPolicy). */
export function canReadToken(caller: Caller, token: PersonalAccessToken): boolean {
  return caller.admin || (caller.userId !== undefined && caller.userId === token.userId)
}

/** Revoking a token: its owner or an admin, unless the revoker is blocked. */
export function canRevokeToken(
  caller: Caller,
  token: PersonalAccessToken,
  callerBlocked: boolean,
): boolean {
  return !callerBlocked && canReadToken(caller, token)
}
