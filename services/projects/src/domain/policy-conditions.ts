import { AccessLevel } from '@suite/proto'
import { reaches } from './project-grant.js'
import type { Feature, FeatureLevels } from './project-settings.js'
import { type VisibilityName } from '@suite/runtime'

/** The project as ProjectPolicy's subject conditions see it. */
export interface PolicySubject {
  visibility: VisibilityName
  features: FeatureLevels
  archived: boolean
  /** public_jobs (ProjectPolicy's public_builds): jobs and pipelines shown beyond Reporters. */
  publicJobs: boolean
}

/**
 * The caller as one rule sees it. `level` is what the caller's memberships
 * are worth for the ability being decided: the highest base level, raised
 * by a custom role's permission that switches that ability on.
 */
export interface PolicyActor {
  admin: boolean
  signedIn: boolean
  level: number
}

/** One condition of ProjectPolicy, named as GitLab names it where it has a name. */
export type Condition = (subject: PolicySubject, actor: PolicyActor) => boolean

/** <role>_access: members from `level` up, and administrators (owner_access). */
export function member(level: AccessLevel): Condition {
  return (_, actor) => actor.admin || reaches(actor.level, level)
}

/** public_access: a public project for anyone; an internal one for signed-in users. */
export const publicAccess: Condition = (subject, actor) =>
  subject.visibility === 'public' || (actor.signedIn && subject.visibility === 'internal')

/** public_user_access: a signed-in user on a public or internal project (guest_access without membership). */
export const publicUserAccess: Condition = (subject, actor) =>
  actor.signedIn && subject.visibility !== 'private'

/** guest_access: Guests and up, or public_user_access. */
export const guestAccess: Condition = (subject, actor) =>
  member(AccessLevel.ACCESS_LEVEL_GUEST)(subject, actor) || publicUserAccess(subject, actor)

/** planner: the Planner role itself (GitLab's planner condition), not the levels above it. */
export const plannerRole: Condition = (_, actor) =>
  actor.level === Number(AccessLevel.ACCESS_LEVEL_PLANNER)

/** public_builds: the project's public_jobs setting. */
export const publicBuilds: Condition = (subject) => subject.publicJobs

/** ~archived */
export const notArchived: Condition = (subject) => !subject.archived

/** ProjectFeature::PRIVATE_FEATURES_MIN_ACCESS_LEVEL: a private feature's members, from this level (else Guest). */
const PRIVATE_FEATURE_LEVEL: Partial<Record<Feature, AccessLevel>> = {
  merge_requests: AccessLevel.ACCESS_LEVEL_REPORTER,
  container_registry: AccessLevel.ACCESS_LEVEL_REPORTER,
  package_registry: AccessLevel.ACCESS_LEVEL_REPORTER,
  environments: AccessLevel.ACCESS_LEVEL_REPORTER,
}

function privateFeatureOpen(feature: Feature, actor: PolicyActor): boolean {
  const level = PRIVATE_FEATURE_LEVEL[feature] ?? AccessLevel.ACCESS_LEVEL_GUEST
  return actor.admin || reaches(actor.level, level)
}

/**
 * ~<feature>_disabled (ProjectPolicy#access_allowed_to?): disabled is off for
 * everyone, administrators too; private ("Only Project Members") is on for
 * administrators and members from the feature's level; enabled and public
 * are on for everyone who can otherwise.
 */
export function available(feature: Feature): Condition {
  return (subject, actor) => {
    switch (subject.features[feature]) {
      case 'disabled':
        return false
      case 'private':
        return privateFeatureOpen(feature, actor)
      default:
        return true
    }
  }
}

/**
 * ~(<feature>_disabled & ~internal_<feature>_disabled): a private feature
 * closed to the caller prevents, a disabled one does not (ProjectPolicy lets
 * pipelines of an external CI be read when builds are disabled).
 */
export function notWithheld(feature: Feature): Condition {
  return (subject, actor) =>
    subject.features[feature] !== 'private' || privateFeatureOpen(feature, actor)
}

export function anyOf(...conditions: Condition[]): Condition {
  return (subject, actor) => conditions.some((condition) => condition(subject, actor))
}

export function allOf(...conditions: Condition[]): Condition {
  return (subject, actor) => conditions.every((condition) => condition(subject, actor))
}
