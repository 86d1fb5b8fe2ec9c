import type { Caller } from '@suite/proto'
import { ForbiddenError, UnauthenticatedError } from '@suite/runtime'
import type { MergeRequestsDeps } from '../rpc/deps.js'
import { deleteMergeRequestRow } from '../store/merge-requests.store.js'
import { requireMergeRequest, type MergeRequestKey } from './merge-request-access.js'
import { canDeleteMergeRequest } from './policy.js'

/** DELETE /projects/:id/merge_requests/:iid: the project's Owner or an administrator. */
export async function deleteMergeRequest(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: MergeRequestKey,
): Promise<void> {
  if (caller?.userId === undefined) throw new UnauthenticatedError()
  const row = await requireMergeRequest(deps, caller, key)
  if (!canDeleteMergeRequest(caller)) throw new ForbiddenError()
  await deleteMergeRequestRow(deps.db, row.id)
}
