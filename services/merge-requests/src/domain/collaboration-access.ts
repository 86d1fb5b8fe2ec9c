/**
 * What the endpoints that act on one merge request share: who the caller
 * is, the context the object rules read (assignees, an archived project),
 * update and approve with that context, and the 304 answer.
 */
import type { Caller } from '@suite/proto'
import { PreconditionError, UnauthenticatedError } from '@suite/runtime'
import type { MergeRequestsDeps } from './deps.js'
import { loadPeople } from '../store/people.store.js'
import type { MergeRequestRow } from './merge-request-access.js'
import {
  canApproveMergeRequest,
  canUpdateMergeRequest,
  grantsIn,
  type Actor,
  type SubjectContext,
} from './policy.js'
import { findProject } from './project-settings.js'

/** The signed-in caller's user id, else 401 (GitLab's authenticate!). */
export function requireUserId(caller: Caller | undefined): number {
  if (caller?.userId === undefined || caller.userId <= 0) throw new UnauthenticatedError()
  return caller.userId
}

/**
 * The request's assignees and, when the caller can only update it as its
 * author or an assignee, whether its project is archived (asked of the
 * projects service then only; an unknown project counts as archived).
 */
export async function subjectContext(
  deps: MergeRequestsDeps,
  caller: Actor | undefined,
  row: MergeRequestRow,
): Promise<SubjectContext> {
  const assigneeIds = (await loadPeople(deps.db, 'merge_request_assignees', [row.id])).get(row.id)
  const grants = grantsIn(caller, row.target_project_id)
  const byParticipation = grants?.readMergeRequest === true && !grants.updateMergeRequest
  const project = byParticipation ? await findProject(deps, row.target_project_id) : undefined
  return {
    assigneeIds: assigneeIds ?? [],
    projectArchived: byParticipation && (project?.archived ?? true),
  }
}

/** update_merge_request on the request. */
export async function callerMayUpdate(
  deps: MergeRequestsDeps,
  caller: Actor | undefined,
  row: MergeRequestRow,
): Promise<boolean> {
  return canUpdateMergeRequest(caller, row, await subjectContext(deps, caller, row))
}

/** CE's approve_merge_request: update_merge_request and a member of the project. */
export async function callerMayApprove(
  deps: MergeRequestsDeps,
  caller: Actor | undefined,
  row: MergeRequestRow,
): Promise<boolean> {
  return canApproveMergeRequest(caller, row, await subjectContext(deps, caller, row))
}

/** FAILED_PRECONDITION reason not_modified: the gateway answers 304 with no body. */
export function notModified(): PreconditionError {
  return new PreconditionError('304 Not Modified', 'not_modified')
}
