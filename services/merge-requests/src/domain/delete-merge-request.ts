import type { Caller } from '@suite/proto'
import { ForbiddenError, UnauthenticatedError } from '@suite/runtime'
import type { MergeRequestsDeps } from './deps.js'
import { deleteMergeRequestRow } from '../store/merge-requests.store.js'
import { requireVisibleMergeRequest, type MergeRequestKey } from './merge-request-access.js'
import { canDeleteMergeRequest } from './policy.js'

/** DELETE /projects/:id/merge_requests/:iid: destroy_merge_request (the project's Owner, an administrator). */
export async function deleteMergeRequest(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: MergeRequestKey,
): Promise<void> {
  if (caller?.userId === undefined) throw new UnauthenticatedError()
  const row = await requireVisibleMergeRequest(deps, caller, key)
  if (!canDeleteMergeRequest(caller, row.target_project_id)) throw new ForbiddenError()
  await deleteMergeRequestRow(deps.db, row.id)
}
