import type { MergeMergeRequestRequest, MergeRequest } from '@suite/proto'
import { UnauthenticatedError } from '@suite/runtime'
import type { MergeRequestsDeps } from '../rpc/deps.js'
import { mergeMergeRequest } from './merge.js'
import { presentMergeRequests, requireMergeRequest } from './merge-request-access.js'
import { canMergeMergeRequest } from './policy.js'

/**
 * PUT /projects/:id/merge_requests/:iid/merge: GitLab answers 401 (not 403)
 * when the caller cannot merge (`unauthorized! unless can_be_merged_by?`);
 * the git and state work is domain/merge.ts's.
 */
export async function acceptMergeRequest(
  deps: MergeRequestsDeps,
  request: MergeMergeRequestRequest,
): Promise<MergeRequest> {
  const caller = request.caller
  const row = await requireMergeRequest(deps, caller, {
    projectId: request.projectId,
    iid: request.iid,
  })
  if (!canMergeMergeRequest(caller)) throw new UnauthenticatedError()
  const merged = await mergeMergeRequest(deps, row, request)
  const [message] = await presentMergeRequests(deps, [merged], {
    single: true,
    callerUserId: caller?.userId,
  })
  if (!message) throw new Error('a merged merge request could not be presented')
  return message
}
