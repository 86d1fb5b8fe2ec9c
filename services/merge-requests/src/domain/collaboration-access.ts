/**
 * What the endpoints that act on one merge request share: who the caller
 * is, the context the object rules read (assignees, an archived project),
 * update and approve with that context, and the 304 answer.
 */
import { PreconditionError, UnauthenticatedError } from '@suite/runtime'
import type { Caller } from './caller.js'
import type { MergeRequestsDeps } from './ports.js'
import type { MergeRequest } from './merge-request.js'
import {
  canApproveMergeRequest,
  canUpdateMergeRequest,
  grantsIn,
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
  caller: Caller | undefined,
  mergeRequest: MergeRequest,
): Promise<SubjectContext> {
  const assigneeIds = (await deps.stores.people.load('assignees', [mergeRequest.id])).get(
    mergeRequest.id,
  )
  const grants = grantsIn(caller, mergeRequest.targetProjectId)
  const byParticipation = grants?.readMergeRequest === true && !grants.updateMergeRequest
  const project = byParticipation
    ? await findProject(deps, mergeRequest.targetProjectId)
    : undefined
  return {
    assigneeIds: assigneeIds ?? [],
    projectArchived: byParticipation && (project?.archived ?? true),
  }
}

/** update_merge_request on the request. */
export async function callerMayUpdate(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  mergeRequest: MergeRequest,
): Promise<boolean> {
  return canUpdateMergeRequest(
    caller,
    mergeRequest,
    await subjectContext(deps, caller, mergeRequest),
  )
}

/** CE's approve_merge_request: update_merge_request and a member of the project. */
export async function callerMayApprove(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  mergeRequest: MergeRequest,
): Promise<boolean> {
  return canApproveMergeRequest(
    caller,
    mergeRequest,
    await subjectContext(deps, caller, mergeRequest),
  )
}

/** FAILED_PRECONDITION reason not_modified: the gateway answers 304 with no body. */
export function notModified(): PreconditionError {
  return new PreconditionError('304 Not Modified', 'not_modified')
}
