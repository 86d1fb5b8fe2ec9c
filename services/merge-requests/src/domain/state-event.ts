import type { Caller } from '@suite/proto'
import type { MergeRequestsDeps } from './deps.js'
import type { MergeRequestPatch } from '../store/merge-requests.store.js'
import { findOpenWithBranches } from '../store/merge-requests.store.js'
import { branchExists } from './branches.js'
import type { MergeRequestRow } from './merge-request-access.js'
import type { MergeRequestAction } from './merge-request-events.js'
import { conflictingRequestError } from './merge-request-rules.js'
import { canReopenMergeRequest, type SubjectContext } from './policy.js'

export interface StateChange {
  patch: MergeRequestPatch
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
  row: MergeRequestRow,
  context: SubjectContext,
  stateEvent: string,
  now: Date,
): Promise<StateChange | undefined> {
  if (stateEvent === 'close') {
    if (row.state !== 'opened' && row.state !== 'locked') return undefined
    return {
      patch: { state: 'closed', closed_at: now, closed_by_id: caller.userId ?? null },
      event: 'closed',
    }
  }
  if (stateEvent !== 'reopen' || row.state !== 'closed') return undefined
  if (!canReopenMergeRequest(caller, row, context)) return undefined
  // MergeRequest#reopenable?: closed, and the source branch still exists.
  if (!(await branchExists(deps, row.source_project_id, row.source_branch))) return undefined
  const open = await findOpenWithBranches(
    deps.db,
    {
      sourceProjectId: row.source_project_id,
      targetProjectId: row.target_project_id,
      sourceBranch: row.source_branch,
      targetBranch: row.target_branch,
    },
    row.id,
  )
  if (open) throw conflictingRequestError(open.iid)
  return {
    patch: { state: 'opened', closed_at: null, closed_by_id: null, merge_status: 'unchecked' },
    event: 'reopened',
  }
}
