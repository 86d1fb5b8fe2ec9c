/**
 * What a change to a merge request leaves behind besides the row: its
 * activity event (for the projects event queue) and its resource state event.
 */
import type { Label } from './label.js'
import type { Milestone } from './milestone.js'

/**
 * GitLab's stored Event actions for merge requests: `created` (shown as
 * "opened"), closed, reopened, merged; `updated` exists in the enum but
 * GitLab's services record none for a plain edit.
 */
export type MergeRequestAction = 'created' | 'closed' | 'reopened' | 'merged' | 'updated'

/** An activity event on a merge request (GitLab's Event with a MergeRequest target). */
export interface MergeRequestEvent {
  action: MergeRequestAction
  projectId: number
  authorId: number
  targetId: number
  targetIid: number
  targetTitle: string
  createdAt: Date
  /** Names the request, the action and the moment: the same event twice is recorded once. */
  idempotencyKey: string
}

/** GitLab's stored Event actions for issues: created (shown as "opened"), closed, reopened. */
export type IssueAction = 'created' | 'closed' | 'reopened'

/** An activity event on an issue (GitLab's Event with an Issue target). */
export interface IssueEvent extends Omit<MergeRequestEvent, 'action'> {
  targetType: 'Issue'
  action: IssueAction
}

/** A merge request's close, reopen or merge (GitLab's ResourceStateEvent). */
export type ResourceState = 'closed' | 'reopened' | 'merged'

export interface ResourceStateEvent {
  id: number
  mergeRequestId: number
  /** Null when no user is known. */
  userId: number | null
  state: ResourceState
  /** Set when a commit closed an issue; always null for merge requests here. */
  sourceCommit: string | null
  sourceMergeRequestId: number | null
  createdAt: Date
}

/** A label added to or removed from a merge request (GitLab's ResourceLabelEvent). */
export interface ResourceLabelEvent {
  id: number
  mergeRequestId: number
  userId: number | null
  action: 'add' | 'remove'
  /** Null once the label is deleted. */
  label: Label | null
  createdAt: Date
}

/** A milestone set on or removed from a merge request (GitLab's ResourceMilestoneEvent). */
export interface ResourceMilestoneEvent {
  id: number
  mergeRequestId: number
  userId: number | null
  action: 'add' | 'remove'
  milestone: Milestone | null
  /** The request's state when it happened. */
  state: string
  createdAt: Date
}
