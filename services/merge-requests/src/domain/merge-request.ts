/** A merge request (GitLab's merge_requests row) as the domain sees it. */
export interface MergeRequest {
  id: number
  /** Per target project, from 1. */
  iid: number
  targetProjectId: number
  sourceProjectId: number
  title: string
  description: string
  /** opened, closed, merged, locked */
  state: string
  authorId: number
  sourceBranch: string
  targetBranch: string
  milestoneId: number | null
  draft: boolean
  /** unchecked, checking, can_be_merged, cannot_be_merged, cannot_be_merged_recheck */
  mergeStatus: string
  hasConflicts: boolean
  /** The heads the last settled merge status was checked for. */
  mergeStatusSourceSha: string | null
  mergeStatusTargetSha: string | null
  divergedCommitsCount: number
  mergeError: string | null
  mergeCommitSha: string | null
  squashCommitSha: string | null
  squash: boolean
  shouldRemoveSourceBranch: boolean | null
  forceRemoveSourceBranch: boolean | null
  discussionLocked: boolean | null
  allowCollaboration: boolean
  mergeWhenPipelineSucceeds: boolean
  mergeUserId: number | null
  closedById: number | null
  approvalsBeforeMerge: number | null
  headPipelineId: number | null
  /** The latest diff version, null until the first one is collected. */
  latestDiffId: number | null
  /** Seconds. */
  timeEstimate: number
  /** Seconds, the sum of the timelogs. */
  totalTimeSpent: number
  upvotes: number
  /** Non-system notes. */
  userNotesCount: number
  downvotes: number
  imported: boolean
  createdAt: Date
  updatedAt: Date
  closedAt: Date | null
  mergedAt: Date | null
  preparedAt: Date | null
  mergeAfter: Date | null
  /** A rebase asked for with PUT .../rebase is running (GitLab's rebase_in_progress?). */
  rebaseInProgress: boolean
}

/** A merge request as a request names it: the project and the iid in it. */
export interface MergeRequestKey {
  projectId: number
  iid: number
}

/** A merge request to store; the store allocates its id and per-project iid. */
export interface NewMergeRequest {
  targetProjectId: number
  sourceProjectId: number
  title: string
  description: string
  authorId: number
  sourceBranch: string
  targetBranch: string
  milestoneId: number | null
  draft: boolean
  mergeStatus: string
  squash: boolean
  forceRemoveSourceBranch: boolean | null
  allowCollaboration: boolean
  discussionLocked: boolean | null
  approvalsBeforeMerge: number | null
  mergeAfter: Date | null
  /** Null when the caller gave none; otherwise one merge request per key. */
  idempotencyKey: string | null
}

/** The fields an update writes; absent ones stay as they are. */
export interface MergeRequestChanges {
  title?: string
  draft?: boolean
  description?: string
  targetBranch?: string
  state?: string
  mergeStatus?: string
  mergeStatusChangedAt?: Date
  forceRemoveSourceBranch?: boolean | null
  squash?: boolean
  allowCollaboration?: boolean
  approvalsBeforeMerge?: number | null
  discussionLocked?: boolean | null
  mergeAfter?: Date | null
  milestoneId?: number | null
  closedAt?: Date | null
  closedById?: number | null
  updatedAt?: Date
}

/** The branches of a merge request (validate_branches compares them). */
export interface BranchPair {
  sourceProjectId: number
  targetProjectId: number
  sourceBranch: string
  targetBranch: string
}

/** What a merge records. */
export interface MergedFields {
  /** The merge call's should_remove_source_branch, when it gave one. */
  shouldRemoveSourceBranch?: boolean | undefined
  mergeUserId: number
  mergeCommitSha: string | null
  squashCommitSha: string | null
  squash: boolean
}
