import type { Caller } from './caller.js'
import type { MergeRequestsDeps } from './ports.js'
import type { MergeRequestKey } from './merge-request.js'
import { presentMergeRequests, requireMergeRequest } from './merge-request-access.js'
import type { MergeRequestView } from './merge-request-view.js'

/** GET /projects/:id/merge_requests/:iid: the request the caller may read, as a single answer. */
export async function getMergeRequest(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: MergeRequestKey,
): Promise<MergeRequestView | undefined> {
  const mergeRequest = await requireMergeRequest(deps, caller, key)
  const [view] = await presentMergeRequests(deps, [mergeRequest], { single: true, caller })
  return view
}

/**
 * Requests by global id for other services, as in lists, in the order asked
 * (each id once); unknown ids are left out. Readability is the asker's.
 */
export async function batchGetMergeRequests(
  deps: MergeRequestsDeps,
  ids: readonly number[],
): Promise<MergeRequestView[]> {
  const found = await deps.stores.mergeRequests.findByIds(ids)
  const byId = new Map(found.map((mergeRequest) => [mergeRequest.id, mergeRequest]))
  const ordered = [...new Set(ids)].flatMap((id) => byId.get(id) ?? [])
  return presentMergeRequests(deps, ordered, { single: false })
}
