/**
 * Subscribe and unsubscribe (API::Subscriptions) on merge requests and
 * issues, one code path: a merge request needs update_merge_request
 * (find_merge_request_with_access), an issue only that the caller may read
 * it (find_project_issue, 404 for a confidential one they cannot); nothing
 * to change is a 304. Whether the caller is subscribed (an explicit choice,
 * else participation) is the presented request's or issue's `subscribed`.
 */
import { ForbiddenError } from '@suite/runtime'
import type { Caller } from './caller.js'
import type { NoteableRef } from './collaboration-records.js'
import { callerMayUpdate, notModified, requireUserId } from './collaboration-access.js'
import type { IssueView } from './issue.js'
import { presentIssues } from './issues.js'
import type { MergeRequestsDeps } from './ports.js'
import { presentMergeRequests, requireMergeRequest } from './merge-request-access.js'
import type { MergeRequestView } from './merge-request-view.js'
import { requireVisibleNoteable, type NoteableKey } from './noteable.js'

/** The subscribable as answered after the change. */
export type SubscriptionAnswer =
  { type: 'MergeRequest'; view: MergeRequestView } | { type: 'Issue'; view: IssueView }

/** 304 when the caller's state is already `subscribed`; else records it and answers the view with it. */
async function toggle<V extends { subscribed?: boolean | undefined }>(
  deps: MergeRequestsDeps,
  ref: NoteableRef,
  userId: number,
  current: V,
  subscribed: boolean,
): Promise<V> {
  if ((current.subscribed ?? false) === subscribed) throw notModified()
  await deps.stores.subscriptions.save(ref, userId, subscribed)
  return { ...current, subscribed }
}

/** Sets the caller's subscription; answers the request or issue as a single-object response. */
export async function setSubscription(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: NoteableKey,
  subscribed: boolean,
): Promise<SubscriptionAnswer> {
  const userId = requireUserId(caller)
  if (key.noteableType === 'Issue') {
    const noteable = await requireVisibleNoteable(deps, caller, key)
    if (noteable.type !== 'Issue') throw new Error('an issue key found a merge request')
    const { issue, assigneeIds } = noteable
    const [current] = await presentIssues(deps, [issue], caller, new Map([[issue.id, assigneeIds]]))
    if (!current) throw new Error('an issue did not present')
    const view = await toggle(deps, noteable.ref, userId, current, subscribed)
    return { type: 'Issue', view }
  }
  const mergeRequest = await requireMergeRequest(deps, caller, key)
  if (!(await callerMayUpdate(deps, caller, mergeRequest))) throw new ForbiddenError()
  const [current] = await presentMergeRequests(deps, [mergeRequest], { caller, single: true })
  if (!current) throw new Error('a merge request did not present')
  const ref = { type: 'MergeRequest' as const, id: mergeRequest.id }
  return { type: 'MergeRequest', view: await toggle(deps, ref, userId, current, subscribed) }
}
