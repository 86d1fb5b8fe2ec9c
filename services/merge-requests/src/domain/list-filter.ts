/**
 * The filters of a merge request list as the caller gives them (GitLab's
 * parameters, usernames unresolved); list-resolution.ts turns them into
 * list-conditions.ts's conditions.
 */

/** A user by id or username, or None / Any. */
export interface UserMatch {
  id?: number | undefined
  username?: string | undefined
  none: boolean
  any: boolean
}

/** Names (labels, a milestone title, emoji), or None / Any. */
export interface NameMatch {
  names: string[]
  none: boolean
  any: boolean
}

/** Users by id and by username, or None / Any. */
export interface IdsMatch {
  ids: number[]
  usernames: string[]
  none: boolean
  any: boolean
}

export interface ListFilter {
  author?: UserMatch | undefined
  assignee?: UserMatch | undefined
  reviewer?: UserMatch | undefined
  mergeUser?: UserMatch | undefined
  approvedBy?: IdsMatch | undefined
  approver?: IdsMatch | undefined
  labels?: NameMatch | undefined
  milestone?: NameMatch | undefined
  myReactionEmoji?: NameMatch | undefined
  createdAfter?: Date | undefined
  createdBefore?: Date | undefined
  updatedAfter?: Date | undefined
  updatedBefore?: Date | undefined
  deployedAfter?: Date | undefined
  deployedBefore?: Date | undefined
  environment?: string | undefined
  sourceBranch?: string | undefined
  targetBranch?: string | undefined
  /** A full commit SHA the request contains, or was merged or squashed as. */
  commitSha?: string | undefined
  iids: number[]
  draft?: boolean | undefined
  search?: string | undefined
  /** title, description */
  searchIn: string[]
}
