import { AccessLevel } from '@suite/proto'
import type { Caller } from './caller.js'
import type { Grant, Project, ProjectAccess } from './project.js'

/** A user's direct memberships, by source id. */
export interface Memberships {
  projects: ReadonlyMap<number, Grant>
  groups: ReadonlyMap<number, Grant>
}

export const NO_MEMBERSHIPS: Memberships = { projects: new Map(), groups: new Map() }

/** The owner of a personal namespace holds its projects as Owner (Project#owner). */
const NAMESPACE_OWNER: Grant = { level: AccessLevel.ACCESS_LEVEL_OWNER, permissions: [] }

/**
 * What a user holds in a project (ProjectTeam#max_member_access): the project
 * membership (Owner for the owner of the personal namespace), the memberships
 * in the groups above it, the greatest of them, and every one of these grants
 * with its custom permissions for the policy.
 */
export function accessIn(
  project: Pick<Project, 'id' | 'namespace'>,
  userId: number | undefined,
  memberships: Memberships,
): ProjectAccess {
  const none = AccessLevel.ACCESS_LEVEL_NO_ACCESS
  if (userId === undefined) return { level: none, projectLevel: none, groupLevel: none, grants: [] }
  const grants: Grant[] = []
  const direct = memberships.projects.get(project.id)
  if (direct) grants.push(direct)
  if (project.namespace.ownerId === userId) grants.push(NAMESPACE_OWNER)
  const projectLevel = maxLevel(grants)
  const groupGrants = project.namespace.traversalIds.flatMap((groupId) => {
    const grant = memberships.groups.get(groupId)
    return grant ? [grant] : []
  })
  const groupLevel = maxLevel(groupGrants)
  return {
    level: Math.max(projectLevel, groupLevel),
    projectLevel,
    groupLevel,
    grants: [...grants, ...groupGrants],
  }
}

/** Whether a level (held, or worth for an ability) reaches a minimum. */
export function reaches(level: number, minimum: number): boolean {
  return level >= minimum
}

/** The highest base level among grants (NO_ACCESS without any). */
export function maxLevel(grants: readonly Grant[]): number {
  return grants.reduce<number>(
    (level, grant) => Math.max(level, grant.level),
    AccessLevel.ACCESS_LEVEL_NO_ACCESS,
  )
}

/** An administrator's effective level is Owner everywhere (max_member_access_for_user). */
export function effectiveFor(caller: Caller, access: ProjectAccess): ProjectAccess {
  return caller.admin ? { ...access, level: AccessLevel.ACCESS_LEVEL_OWNER } : access
}
