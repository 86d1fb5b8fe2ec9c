/**
 * Who may read merge requests in a project, and a caller's side of a list
 * that spans projects: the projects service decides both (its ProjectPolicy);
 * this service keeps the facts as a read model and matches the two in SQL.
 */
import { AccessLevel } from '@suite/proto'

/** Who holds one ability in one project. */
export interface Requirement {
  admin: boolean
  /** Anyone, signed in or not. */
  anonymous: boolean
  /** Any signed-in user. */
  signedIn: boolean
  /** Members from this level up; NO_ACCESS when membership adds nothing. */
  memberMinLevel: AccessLevel
}

/**
 * What owning a project's personal namespace is worth against a requirement's
 * member level: the projects service counts the owner as the project's Owner.
 */
export const NAMESPACE_OWNER_LEVEL = AccessLevel.ACCESS_LEVEL_OWNER

/** A project's access facts as the projects service published them. */
export interface ProjectAccessFacts {
  projectId: number
  /** The groups above the project, top first. */
  groupIds: number[]
  /** The personal namespace's owner, who is the project's Owner. */
  ownerUserId: number | undefined
  archived: boolean
  readMergeRequest: Requirement
  readIssue: Requirement
  /** Increases with every change: an older version never replaces a newer one. */
  version: number
}

/** One membership of the caller and the level it is worth for the ability asked. */
export interface ScopedGrant {
  sourceId: number
  accessLevel: AccessLevel
}

/** The caller's side of a list that spans projects (for read_merge_request). */
export interface AbilityScope {
  admin: boolean
  signedIn: boolean
  userId: number | undefined
  /** Project memberships. */
  projects: ScopedGrant[]
  /** Group memberships (they count in every project below the group). */
  groups: ScopedGrant[]
}
