/**
 * Activity events of merge requests (opened, closed, reopened, merged,
 * updated), written to the event outbox in the caller's transaction so that
 * none is lost; the relay moves them to the projects event queue.
 */
import type { Stores } from '../store/stores.js'
import type { MergeRequest } from './merge-request.js'
import { recordResourceStateEvent, resourceStateOf } from './resource-state-events.js'

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

/** The event of an action on a request; the key names the request, action and moment. */
export function mergeRequestEvent(
  mergeRequest: Pick<MergeRequest, 'id' | 'iid' | 'targetProjectId' | 'title' | 'updatedAt'>,
  action: MergeRequestAction,
  authorId: number,
  at: Date,
): MergeRequestEvent {
  const moment = action === 'created' ? 'once' : String(mergeRequest.updatedAt.getTime())
  return {
    action,
    projectId: mergeRequest.targetProjectId,
    authorId,
    targetId: mergeRequest.id,
    targetIid: mergeRequest.iid,
    targetTitle: mergeRequest.title,
    createdAt: at,
    idempotencyKey: `merge-requests:${mergeRequest.id}:${action}:${moment}`,
  }
}

/**
 * Records one event for the request, by the given user, in `stores` (a
 * transaction's); a close, reopen or merge is also a resource state event.
 */
export async function recordMergeRequestEvent(
  stores: Pick<Stores, 'outbox' | 'stateEvents'>,
  mergeRequest: MergeRequest,
  action: MergeRequestAction,
  authorId: number,
): Promise<void> {
  await stores.outbox.add(mergeRequestEvent(mergeRequest, action, authorId, new Date()))
  const state = resourceStateOf(action)
  if (state) await recordResourceStateEvent(stores, mergeRequest.id, state, authorId)
}
