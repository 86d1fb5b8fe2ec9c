/**
 * What the collaboration endpoints share: the abilities they check on top
 * of the shared policy (who the caller is, update_merge_request with the
 * request's assignees, CE's approve_merge_request) and the 304 answer.
 */
import type { Caller } from '@suite/proto'
import { PreconditionError, UnauthenticatedError } from '@suite/runtime'
import type { MergeRequestsDeps } from '../rpc/deps.js'
import { loadPeople } from '../store/people.store.js'
import type { MergeRequestRow } from './merge-request-access.js'
import { GUEST, canUpdateMergeRequest } from './policy.js'

/** The signed-in caller's user id, else 401 (GitLab's authenticate!). */
export function requireUserId(caller: Caller | undefined): number {
  if (caller?.userId === undefined || caller.userId <= 0) throw new UnauthenticatedError()
  return caller.userId
}

/** update_merge_request: Developer and up, the author or an assignee. */
export async function callerMayUpdate(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  row: MergeRequestRow,
): Promise<boolean> {
  const assignees = await loadPeople(deps.db, 'merge_request_assignees', [row.id])
  return canUpdateMergeRequest(caller, row, assignees.get(row.id) ?? [])
}

/** CE's approve_merge_request: update_merge_request and a member of the project. */
export async function callerMayApprove(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  row: MergeRequestRow,
): Promise<boolean> {
  if (!caller || caller.accessLevel < GUEST) return false
  return callerMayUpdate(deps, caller, row)
}

/** FAILED_PRECONDITION reason not_modified: the gateway answers 304 with no body. */
export function notModified(): PreconditionError {
  return new PreconditionError('304 Not Modified', 'not_modified')
}
