import { ForbiddenError, UnauthenticatedError } from '@suite/runtime'
import type { Caller } from './caller.js'
import type { GroupAbilities } from './group-policy.js'
import type { Namespace } from './namespace.js'
import type { PersonalAccessToken } from './token.js'

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

/**
 * GET /namespaces/:id on a personal namespace (:read_namespace_via_membership):
 * its owner or an admin. A group's rule is GroupAbilities.readNamespace.
 */
export function canReadPersonalNamespace(namespace: Namespace, caller: Caller): boolean {
  return caller.admin || (caller.userId !== undefined && namespace.ownerId === caller.userId)
}

/** :create_group for a top-level group. */
export function canCreateTopLevelGroup(caller: Caller, userCanCreateGroup: boolean): boolean {
  return caller.admin || userCanCreateGroup
}

/** What the caller may do with the memberships of one group or project. */
export interface MemberAbilities {
  /** The source itself is readable (a project the caller cannot read is a 404). */
  readSource: boolean
  /** :read_group_member / :read_project_member */
  read: boolean
  /** :admin_group_member / :admin_project_member */
  admin: boolean
  /** Giving, changing or taking away Owner: :owner_access in a group, :manage_owners in a project. */
  manageOwners: boolean
}

/** A group's member abilities, as GroupPolicy gave them. */
export function groupMemberAbilities(group: GroupAbilities): MemberAbilities {
  return {
    readSource: group.readGroup,
    read: group.readGroupMember,
    admin: group.adminGroupMember,
    manageOwners: group.ownerAccess,
  }
}

/**
 * A project's member abilities: the projects service's answer for this very
 * project (Caller.project), and none when the caller carries abilities for
 * another project or none at all. An admin holds every ability in every
 * project (ProjectPolicy's admin rules), which is also how the projects
 * service acts on memberships as the system (creating a project adds its
 * creator).
 */
export function projectMemberAbilities(caller: Caller, projectId: number): MemberAbilities {
  if (caller.admin) return { readSource: true, read: true, admin: true, manageOwners: true }
  const project = caller.project?.projectId === projectId ? caller.project : undefined
  return {
    readSource: project?.readProject ?? false,
    read: project?.readProjectMember ?? false,
    admin: project?.adminProjectMember ?? false,
    manageOwners: project?.manageOwners ?? false,
  }
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
