/** GitLab's membership levels (Gitlab::Access). */
export const AccessLevel = {
  NO_ACCESS: 0,
  GUEST: 10,
  REPORTER: 20,
  DEVELOPER: 30,
  MAINTAINER: 40,
  OWNER: 50,
} as const

/** The levels a membership may hold. */
export const MEMBER_ACCESS_LEVELS: readonly number[] = [
  AccessLevel.GUEST,
  AccessLevel.REPORTER,
  AccessLevel.DEVELOPER,
  AccessLevel.MAINTAINER,
  AccessLevel.OWNER,
]

const HUMAN_ACCESS: Readonly<Record<number, string>> = {
  [AccessLevel.GUEST]: 'Guest',
  [AccessLevel.REPORTER]: 'Reporter',
  [AccessLevel.DEVELOPER]: 'Developer',
  [AccessLevel.MAINTAINER]: 'Maintainer',
  [AccessLevel.OWNER]: 'Owner',
}

export function isMemberAccessLevel(level: number): boolean {
  return MEMBER_ACCESS_LEVELS.includes(level)
}

/** The role name GitLab prints for a level ("Developer"). */
export function humanAccess(level: number): string {
  return HUMAN_ACCESS[level] ?? 'No access'
}

/** A membership as it counts for access: where it is held and at which level. */
export interface HeldMembership {
  sourceType: 'Namespace' | 'Project'
  sourceId: number
  accessLevel: number
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
    AccessLevel.NO_ACCESS,
  )
  return personalOwner ? Math.max(held, AccessLevel.OWNER) : held
}
