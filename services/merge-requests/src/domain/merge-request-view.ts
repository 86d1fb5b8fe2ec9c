/**
 * A merge request as the API presents it: the request and what its answers
 * add (people, labels, milestone, the latest diff's shas, the detailed merge
 * status, the caller's side on single-request answers). rpc/to-proto.ts only
 * renames these.
 */
import type { Label } from './label.js'
import type { MergeRequest } from './merge-request.js'
import type { Milestone } from './milestone.js'

export interface LabelView extends Label {
  /** The text color GitLab picks for the label's background. */
  textColor: string
}

export interface MilestoneView extends Milestone {
  /** The due date has passed. */
  expired: boolean
}

/** GitLab's IssuableTimeStats. */
export interface TimeStats {
  timeEstimate: number
  totalTimeSpent: number
  humanTimeEstimate: string | undefined
  humanTotalTimeSpent: string | undefined
}

export interface DiffRefs {
  baseSha: string
  headSha: string
  startSha: string
}

export interface MergeRequestView extends MergeRequest {
  assigneeIds: number[]
  reviewerIds: number[]
  /** In GitLab's order. */
  labels: LabelView[]
  milestone: MilestoneView | undefined
  detailedMergeStatus: string
  /** mergeable_discussions_state? (GitLab's blocking_discussions_resolved). */
  blockingDiscussionsResolved: boolean
  /** The latest diff version's head; '' before the first version. */
  sha: string
  diffRefs: DiffRefs | undefined
  squashOnMerge: boolean
  timeStats: TimeStats
  taskCount: number
  taskCompletedCount: number
  /** Single-request answers only: the caller's subscription. */
  subscribed: boolean | undefined
  /** Single-request answers only: the latest version's real_size. */
  changesCount: string | undefined
  /** Single-request answers only (false elsewhere): whether the caller may merge it. */
  callerCanMerge: boolean
}
