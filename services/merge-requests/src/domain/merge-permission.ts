import type { Caller } from './caller.js'
import type { MergeRequestsDeps } from './ports.js'
import type { MergeRequest } from './merge-request.js'
import { canMergeMergeRequest } from './policy.js'

/**
 * MergeRequest#can_be_merged_by? for one caller: the project abilities here,
 * then the target branch's protection rules, which the projects service owns
 * and answers per caller. The rules are asked only when the abilities allow.
 */
export async function callerCanMerge(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  mergeRequest: MergeRequest,
): Promise<boolean> {
  if (!canMergeMergeRequest(caller, mergeRequest, true)) return false
  const allows = await deps.ports.repository.mayMergeInto(
    caller,
    mergeRequest.targetProjectId,
    mergeRequest.targetBranch,
  )
  return canMergeMergeRequest(caller, mergeRequest, allows)
}
