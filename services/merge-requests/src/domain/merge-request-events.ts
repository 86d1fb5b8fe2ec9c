/**
 * Activity events of merge requests (opened, closed, reopened, merged,
 * updated), written to the event outbox in the caller's transaction so that
 * none is lost; the relay moves them to the projects event queue.
 */
import type { MergeRequestAction, MergeRequestEvent } from './event-records.js'
import type { MergeRequest } from './merge-request.js'
import { recordResourceStateEvent, resourceStateOf } from './resource-state-events.js'
import type { Stores } from './ports.js'

export type { MergeRequestAction, MergeRequestEvent } from './event-records.js'

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
