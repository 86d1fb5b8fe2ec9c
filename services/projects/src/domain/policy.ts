import { AccessLevel, type Caller } from './caller.js'
import type { Project, ProjectAccess } from './project.js'
import { VisibilityLevel, visibilityLevel } from './visibility.js'

/** A user's direct memberships, by source id: the access level held. */
export interface Memberships {
  projects: ReadonlyMap<number, number>
  groups: ReadonlyMap<number, number>
}

export const NO_MEMBERSHIPS: Memberships = { projects: new Map(), groups: new Map() }

/**
 * What a user holds in a project: the project membership (Owner for the owner
 * of the personal namespace, who GitLab makes the project's Owner), the
 * highest membership in the groups above it, and the greater of the two.
 */
export function accessIn(
  project: Pick<Project, 'id' | 'namespace'>,
  userId: number | undefined,
  memberships: Memberships,
): ProjectAccess {
  if (userId === undefined) return { level: 0, projectLevel: 0, groupLevel: 0 }
  let projectLevel = memberships.projects.get(project.id) ?? AccessLevel.NO_ACCESS
  if (project.namespace.ownerId === userId) projectLevel = Math.max(projectLevel, AccessLevel.OWNER)
  let groupLevel: number = AccessLevel.NO_ACCESS
  for (const groupId of project.namespace.traversalIds) {
    groupLevel = Math.max(groupLevel, memberships.groups.get(groupId) ?? AccessLevel.NO_ACCESS)
  }
  return { level: Math.max(projectLevel, groupLevel), projectLevel, groupLevel }
}

/** An administrator's effective level is Owner everywhere (max_member_access_for_user). */
export function effectiveFor(caller: Caller, access: ProjectAccess): ProjectAccess {
  return caller.admin ? { ...access, level: AccessLevel.OWNER } : access
}

/**
 * ProjectPolicy :read_project: public for anyone, internal for any signed-in
 * user, private for members from Guest up; administrators read everything.
 */
export function canRead(
  project: Pick<Project, 'visibility'>,
  caller: Caller,
  level: number,
): boolean {
  if (caller.admin) return true
  const visibility = visibilityLevel(project.visibility) ?? VisibilityLevel.PRIVATE
  if (visibility === VisibilityLevel.PUBLIC) return true
  if (visibility === VisibilityLevel.INTERNAL && caller.userId !== undefined) return true
  return level >= AccessLevel.GUEST
}

/** :admin_project (edit settings): Maintainer and up, or an administrator. */
export function canAdminister(caller: Caller, level: number): boolean {
  return caller.admin || level >= AccessLevel.MAINTAINER
}

/** :rename_project and :change_visibility_level: Owner, or an administrator. */
export function canRename(caller: Caller, level: number): boolean {
  return caller.admin || level >= AccessLevel.OWNER
}

/** :read_statistics (statistics=true): Reporter and up. */
export function canReadStatistics(caller: Caller, level: number): boolean {
  return caller.admin || level >= AccessLevel.REPORTER
}

/** Group#project_creation_level: who may create projects in a group. */
export function canCreateInGroup(caller: Caller, level: number, creationLevel: string): boolean {
  if (caller.admin) return true
  switch (creationLevel) {
    case 'noone':
    case 'administrator':
      return false
    case 'owner':
      return level >= AccessLevel.OWNER
    case 'maintainer':
      return level >= AccessLevel.MAINTAINER
    default:
      return level >= AccessLevel.DEVELOPER
  }
}
