/**
 * The attributes a create or an update asks for, as the caller gave them:
 * absent ones are not asked for.
 */
export interface MergeRequestAttributes {
  title?: string | undefined
  description?: string | undefined
  targetBranch?: string | undefined
  /** assigneeIds replaces the assignees only when set. */
  setAssignees: boolean
  assigneeIds: number[]
  setReviewers: boolean
  reviewerIds: number[]
  /** labels replaces the labels only when set. */
  setLabels: boolean
  labels: string[]
  addLabels: string[]
  removeLabels: string[]
  /** 0 or less unassigns. */
  milestoneId?: number | undefined
  removeSourceBranch?: boolean | undefined
  squash?: boolean | undefined
  allowCollaboration?: boolean | undefined
  discussionLocked?: boolean | undefined
  /** close, reopen */
  stateEvent?: string | undefined
  mergeAfter?: Date | undefined
  clearMergeAfter: boolean
  approvalsBeforeMerge?: number | undefined
}
