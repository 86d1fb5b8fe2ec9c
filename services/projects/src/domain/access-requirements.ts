import { AccessLevel } from '@suite/proto'
import type { Caller } from './caller.js'
import type { PolicyActor, PolicySubject } from './policy-conditions.js'
import { grantLevelFor, ruleHolds, type TableAbility } from './policy.js'
import { reaches, type Memberships } from './project-grant.js'
import type { Grant } from './project.js'

/** The abilities lists that span projects filter by (ScopedAbility). */
export const LIST_ABILITIES = ['readProject', 'readCode', 'readMergeRequest', 'readIssue'] as const
export type ListAbility = (typeof LIST_ABILITIES)[number]

/** gitlab.common.v1.Requirement: who holds one ability in one project. */
export interface Requirement {
  admin: boolean
  /** Anyone, signed in or not. */
  anonymous: boolean
  /** Any signed-in user. */
  signedIn: boolean
  /** Members from this level up; NO_ACCESS when membership adds nothing. */
  memberMinLevel: AccessLevel
}

/** The caller's side of a Requirement: what they are, and what their memberships are worth. */
export interface RequirementHolder {
  admin: boolean
  signedIn: boolean
  level: number
}

/** Membership levels from the lowest up: a Requirement's memberMinLevel is one of them (or NO_ACCESS). */
export const MEMBER_LEVELS = [
  AccessLevel.ACCESS_LEVEL_MINIMAL,
  AccessLevel.ACCESS_LEVEL_GUEST,
  AccessLevel.ACCESS_LEVEL_PLANNER,
  AccessLevel.ACCESS_LEVEL_REPORTER,
  AccessLevel.ACCESS_LEVEL_DEVELOPER,
  AccessLevel.ACCESS_LEVEL_MAINTAINER,
  AccessLevel.ACCESS_LEVEL_OWNER,
]

/**
 * Who holds `name` (and readProject, which every ability needs) in a project,
 * read off the policy table by asking it about an administrator, an
 * anonymous caller, a signed-in non-member and a member at each level. The
 * rules only ever grant more to more access, so these answers describe
 * everyone; policy.test.ts checks that they agree with the abilities.
 */
export function requirementFor(name: TableAbility, subject: PolicySubject): Requirement {
  const holds = (actor: PolicyActor) =>
    ruleHolds('readProject', subject, actor) && ruleHolds(name, subject, actor)
  const nobody = AccessLevel.ACCESS_LEVEL_NO_ACCESS
  const signedIn = holds({ admin: false, signedIn: true, level: nobody })
  const memberMinLevel = signedIn
    ? nobody
    : (MEMBER_LEVELS.find((level) => holds({ admin: false, signedIn: true, level })) ?? nobody)
  return {
    admin: holds({ admin: true, signedIn: true, level: nobody }),
    anonymous: holds({ admin: false, signedIn: false, level: nobody }),
    signedIn,
    memberMinLevel,
  }
}

/** Whether a caller meets a Requirement (what lists evaluate in SQL, row by row). */
export function meetsRequirement(requirement: Requirement, holder: RequirementHolder): boolean {
  return (
    (requirement.admin && holder.admin) ||
    requirement.anonymous ||
    (requirement.signedIn && holder.signedIn) ||
    (requirement.memberMinLevel !== AccessLevel.ACCESS_LEVEL_NO_ACCESS &&
      reaches(holder.level, requirement.memberMinLevel))
  )
}

/** One membership and what it is worth for the ability asked. */
export interface ScopedGrant {
  sourceId: number
  level: number
}

/** gitlab.common.v1.AbilityScope: the caller's side of a list that spans projects. */
export interface AbilityScope {
  admin: boolean
  signedIn: boolean
  /** The owner of a personal namespace is its projects' Owner. */
  userId: number | undefined
  projects: ScopedGrant[]
  groups: ScopedGrant[]
}

/** The caller's memberships, each worth what the policy table makes it for `name`. */
export function abilityScope(
  caller: Pick<Caller, 'userId' | 'admin'>,
  memberships: Memberships,
  name: ListAbility,
): AbilityScope {
  const scoped = (grants: ReadonlyMap<number, Grant>): ScopedGrant[] =>
    [...grants].map(([sourceId, grant]) => ({ sourceId, level: grantLevelFor(name, grant) }))
  return {
    admin: caller.admin,
    signedIn: caller.userId !== undefined,
    userId: caller.userId,
    projects: scoped(memberships.projects),
    groups: scoped(memberships.groups),
  }
}
