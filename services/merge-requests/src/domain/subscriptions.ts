/**
 * Subscribe and unsubscribe (API::Subscriptions on merge requests): the
 * caller needs update_merge_request; nothing to change is a 304. Whether
 * the caller is subscribed (an explicit choice, else participation) is the
 * presented request's `subscribed`.
 */
import { ForbiddenError } from '@suite/runtime'
import type { Caller } from './caller.js'
import { callerMayUpdate, notModified, requireUserId } from './collaboration-access.js'
import type { MergeRequestsDeps } from './ports.js'
import type { MergeRequestKey } from './merge-request.js'
import { presentMergeRequests, requireMergeRequest } from './merge-request-access.js'
import type { MergeRequestView } from './merge-request-view.js'

/** Sets the caller's subscription; answers the request as a single-request response. */
export async function setSubscription(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: MergeRequestKey,
  subscribed: boolean,
): Promise<MergeRequestView> {
  const userId = requireUserId(caller)
  const mergeRequest = await requireMergeRequest(deps, caller, key)
  if (!(await callerMayUpdate(deps, caller, mergeRequest))) throw new ForbiddenError()
  const [current] = await presentMergeRequests(deps, [mergeRequest], { caller, single: true })
  if (!current) throw new Error('a merge request did not present')
  if ((current.subscribed ?? false) === subscribed) throw notModified()
  await deps.stores.subscriptions.save(mergeRequest.id, userId, subscribed)
  return { ...current, subscribed }
}
