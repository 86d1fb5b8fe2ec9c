/**
 * Subscribe and unsubscribe (API::Subscriptions on merge requests): the
 * caller needs update_merge_request; nothing to change is a 304. Whether
 * the caller is subscribed (an explicit choice, else participation) is the
 * presented request's `subscribed`.
 */
import type { Caller, MergeRequest } from '@suite/proto'
import { ForbiddenError } from '@suite/runtime'
import type { MergeRequestsDeps } from './deps.js'
import { saveSubscription } from '../store/subscriptions.store.js'
import { callerMayUpdate, notModified, requireUserId } from './collaboration-access.js'
import {
  presentMergeRequests,
  requireMergeRequest,
  type MergeRequestKey,
} from './merge-request-access.js'

/** Sets the caller's subscription; answers the request as a single-request response. */
export async function setSubscription(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: MergeRequestKey,
  subscribed: boolean,
): Promise<MergeRequest> {
  const userId = requireUserId(caller)
  const row = await requireMergeRequest(deps, caller, key)
  if (!(await callerMayUpdate(deps, caller, row))) throw new ForbiddenError()
  const [current] = await presentMergeRequests(deps, [row], { caller, single: true })
  if (!current) throw new Error('a merge request did not present')
  if ((current.subscribed ?? false) === subscribed) throw notModified()
  await saveSubscription(deps.db, row.id, userId, subscribed)
  return { ...current, subscribed }
}
