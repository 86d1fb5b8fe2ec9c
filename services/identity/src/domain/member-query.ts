/** Where memberships count for a source: the source itself and the groups above it. */
export interface MembershipScope {
  /** A project source's own id, when the source is a project. */
  projectId?: number
  /** Groups whose memberships count, from the root down (the group itself last, for a group). */
  groupIds: readonly number[]
}

/** Filters of a member listing. */
export interface MemberFilter {
  /** Matches name or username (substring) or the public email (exact). */
  query?: string
  userIds: readonly number[]
}
