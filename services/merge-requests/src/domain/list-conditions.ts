/**
 * A merge request list query after parameters are resolved (usernames to
 * ids): what the store turns into SQL. The same conditions describe the
 * `not[...]` exclusions.
 */
import type { AbilityScope } from './access-facts.js'

/** A user filter: one user, None, Any, or a username that matched nobody. */
export type UserCondition =
  { kind: 'user'; id: number } | { kind: 'none' } | { kind: 'any' } | { kind: 'nobody' }

/** Names that must all match (labels, emoji), or None / Any. */
export type NameCondition = { kind: 'names'; names: string[] } | { kind: 'none' } | { kind: 'any' }

/** A milestone filter: a title, None, Any, or GitLab's Upcoming / Started. */
export type MilestoneCondition = NameCondition | { kind: 'upcoming' } | { kind: 'started' }

/** Users who must all have approved, or None / Any. */
export type IdsCondition = { kind: 'ids'; ids: number[] } | { kind: 'none' } | { kind: 'any' }

export interface SearchCondition {
  text: string
  inTitle: boolean
  inDescription: boolean
}

export interface MergeRequestConditions {
  author?: UserCondition
  assignee?: UserCondition
  reviewer?: UserCondition
  mergeUser?: UserCondition
  approvedBy?: IdsCondition
  approver?: IdsCondition
  labels?: NameCondition
  milestone?: MilestoneCondition
  /** Applied only for a signed-in caller, as GitLab. */
  myReactionEmoji?: NameCondition
  createdAfter?: Date
  createdBefore?: Date
  updatedAfter?: Date
  updatedBefore?: Date
  /** environment / deployed_*: no deployments exist, so such a filter matches nothing. */
  deployment?: boolean
  sourceBranch?: string
  targetBranch?: string
  commitSha?: string | undefined
  iids?: number[]
  draft?: boolean
  search?: SearchCondition
}

export type ListOrder = 'created_at' | 'updated_at' | 'title' | 'merged_at'

/**
 * The projects a list looks in: one project (its read_merge_request already
 * checked), or every project whose access facts admit the caller's scope
 * (below a group, not archived, when asked).
 */
export type ListedProjects =
  | { kind: 'project'; projectId: number }
  | { kind: 'readable'; scope: AbilityScope; groupId?: number; nonArchived: boolean }

export interface MergeRequestListQuery {
  projects: ListedProjects
  /** opened, closed, merged, locked; undefined for all. */
  state?: string
  /** The scope parameter's person: created_by_me, assigned_to_me, reviews_for_me. */
  scope?: { role: 'author' | 'assignee' | 'reviewer'; userId: number }
  include: MergeRequestConditions
  exclude: MergeRequestConditions
  callerId?: number
  orderBy: ListOrder
  ascending: boolean
  limit: number
  offset: number
}
