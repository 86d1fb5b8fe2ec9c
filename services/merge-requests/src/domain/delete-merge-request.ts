import { ForbiddenError, UnauthenticatedError } from '@suite/runtime'
import type { Caller } from './caller.js'
import type { MergeRequestsDeps } from './ports.js'
import type { MergeRequestKey } from './merge-request.js'
import { requireVisibleMergeRequest } from './merge-request-access.js'
import { canDeleteMergeRequest } from './policy.js'

/** DELETE /projects/:id/merge_requests/:iid: destroy_merge_request (the project's Owner, an administrator). */
export async function deleteMergeRequest(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: MergeRequestKey,
): Promise<void> {
  if (caller?.userId === undefined) throw new UnauthenticatedError()
  const mergeRequest = await requireVisibleMergeRequest(deps, caller, key)
  if (!canDeleteMergeRequest(caller, mergeRequest.targetProjectId)) throw new ForbiddenError()
  await deps.stores.mergeRequests.delete(mergeRequest.id)
}
