/**
 * What a change to a merge request leaves behind besides the row: its
 * activity event (for the projects event queue) and its resource state event.
 */

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
