import { AccessLevel } from '@suite/proto'

/** The levels a membership may hold. */
export const MEMBER_ACCESS_LEVELS: readonly number[] = [
  AccessLevel.ACCESS_LEVEL_GUEST,
  AccessLevel.ACCESS_LEVEL_REPORTER,
  AccessLevel.ACCESS_LEVEL_DEVELOPER,
  AccessLevel.ACCESS_LEVEL_MAINTAINER,
  AccessLevel.ACCESS_LEVEL_OWNER,
]

const HUMAN_ACCESS: Readonly<Record<number, string>> = {
  [AccessLevel.ACCESS_LEVEL_GUEST]: 'Guest',
  [AccessLevel.ACCESS_LEVEL_REPORTER]: 'Reporter',
  [AccessLevel.ACCESS_LEVEL_DEVELOPER]: 'Developer',
  [AccessLevel.ACCESS_LEVEL_MAINTAINER]: 'Maintainer',
  [AccessLevel.ACCESS_LEVEL_OWNER]: 'Owner',
}

export function isMemberAccessLevel(level: number): boolean {
  return MEMBER_ACCESS_LEVELS.includes(level)
}

/** The role name GitLab prints for a level ("Developer"). */
export function humanAccess(level: number): string {
  return HUMAN_ACCESS[level] ?? 'No access'
}

/** Whether a level, as stored or as asked for, reaches a minimum. */
export function reachesLevel(level: number, minimum: AccessLevel): boolean {
  return level >= Number(minimum)
}

/** A membership as it counts for access: where it is held, at which level, with which custom role. */
export interface HeldMembership {
  sourceType: 'Namespace' | 'Project'
  sourceId: number
  accessLevel: number
  /** The custom member role the membership names, if any. */
  memberRoleId: number | null
}

/**
 * The effective level of a user in a source: the highest of its direct
 * membership and the memberships it inherits from ancestor groups. The owner
 * of a personal namespace is Owner of every project in it, as GitLab adds it
 * as an Owner member when the project is created.
 */
export function effectiveAccessLevel(
  memberships: readonly HeldMembership[],
  personalOwner = false,
): number {
  const held = memberships.reduce<number>(
    (max, membership) => Math.max(max, membership.accessLevel),
    AccessLevel.ACCESS_LEVEL_NO_ACCESS,
  )
  return personalOwner ? Math.max(held, AccessLevel.ACCESS_LEVEL_OWNER) : held
}
