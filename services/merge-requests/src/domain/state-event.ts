import { branchExists } from './branches.js'
import type { Caller } from './caller.js'
import type { MergeRequestsDeps } from './ports.js'
import type { MergeRequest, MergeRequestChanges } from './merge-request.js'
import type { MergeRequestAction } from './merge-request-events.js'
import { conflictingRequestError } from './merge-request-rules.js'
import { canReopenMergeRequest, type SubjectContext } from './policy.js'

export interface StateChange {
  changes: MergeRequestChanges
  event: MergeRequestAction
}

/**
 * state_event close / reopen, as MergeRequests::CloseService and
 * ReopenService: close an open (or locked) request; reopen a closed one the
 * caller may reopen whose source branch still exists, unless another open request
 * has the same branches (409). Anything else changes nothing.
 */
export async function stateChange(
  deps: MergeRequestsDeps,
  caller: Caller,
  mergeRequest: MergeRequest,
  context: SubjectContext,
  stateEvent: string,
  now: Date,
): Promise<StateChange | undefined> {
  if (stateEvent === 'close') {
    if (mergeRequest.state !== 'opened' && mergeRequest.state !== 'locked') return undefined
    return {
      changes: { state: 'closed', closedAt: now, closedById: caller.userId ?? null },
      event: 'closed',
    }
  }
  if (stateEvent !== 'reopen' || mergeRequest.state !== 'closed') return undefined
  if (!canReopenMergeRequest(caller, mergeRequest, context)) return undefined
  // MergeRequest#reopenable?: closed, and the source branch still exists.
  if (!(await branchExists(deps, mergeRequest.sourceProjectId, mergeRequest.sourceBranch))) {
    return undefined
  }
  const open = await deps.stores.mergeRequests.findOpenWithBranches(
    {
      sourceProjectId: mergeRequest.sourceProjectId,
      targetProjectId: mergeRequest.targetProjectId,
      sourceBranch: mergeRequest.sourceBranch,
      targetBranch: mergeRequest.targetBranch,
    },
    mergeRequest.id,
  )
  if (open) throw conflictingRequestError(open.iid)
  return {
    changes: { state: 'opened', closedAt: null, closedById: null, mergeStatus: 'unchecked' },
    event: 'reopened',
  }
}
