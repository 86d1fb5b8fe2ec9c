/**
 * CE approvals (API::MergeRequestApprovals): anyone who may update the
 * request and is a member of its project may approve it once; approving
 * twice is GitLab's 401, unapproving without an approval its 404.
 */
import { ConflictError, ForbiddenError, NotFoundError, UnauthenticatedError } from '@suite/runtime'
import type { Caller } from './caller.js'
import { callerMayApprove, requireUserId } from './collaboration-access.js'
import type { MergeRequestsDeps } from './ports.js'
import type { MergeRequest, MergeRequestKey } from './merge-request.js'
import { presentMergeRequests, requireMergeRequest } from './merge-request-access.js'
import { findHookTarget, recordMergeRequestHook } from './merge-request-hooks.js'
import type { MergeRequestView } from './merge-request-view.js'

/** The approval state of a request as the caller sees it. */
export interface ApprovalState {
  mergeRequest: MergeRequestView | undefined
  approvedBy: { userId: number; approvedAt: Date }[]
  userHasApproved: boolean
  userCanApprove: boolean
}

/** The approval state as the caller sees it. */
async function approvalsOf(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  mergeRequest: MergeRequest,
): Promise<ApprovalState> {
  const [approvals, [view], mayApprove] = await Promise.all([
    deps.stores.approvals.list(mergeRequest.id),
    presentMergeRequests(deps, [mergeRequest], { caller, single: false }),
    callerMayApprove(deps, caller, mergeRequest),
  ])
  const userHasApproved = approvals.some((approval) => approval.userId === caller?.userId)
  return {
    mergeRequest: view,
    approvedBy: approvals.map((approval) => ({
      userId: approval.userId,
      approvedAt: approval.createdAt,
    })),
    userHasApproved,
    userCanApprove: mayApprove && !userHasApproved,
  }
}

/** GET .../approvals */
export async function getApprovals(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: MergeRequestKey,
): Promise<ApprovalState> {
  return approvalsOf(deps, caller, await requireMergeRequest(deps, caller, key))
}

/** The merge request, when the caller has approve_merge_request (else 403). */
async function requireApprovable(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: MergeRequestKey,
): Promise<MergeRequest> {
  requireUserId(caller)
  const mergeRequest = await requireMergeRequest(deps, caller, key)
  if (!(await callerMayApprove(deps, caller, mergeRequest))) throw new ForbiddenError()
  return mergeRequest
}

/**
 * POST .../approve: 403 without the ability, 409 when `sha` is given and is
 * not the request's head (check_sha_param!), 401 when already approved.
 */
export async function approve(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: MergeRequestKey,
  sha: string | undefined,
): Promise<ApprovalState> {
  const mergeRequest = await requireApprovable(deps, caller, key)
  if (sha !== undefined && sha !== '') {
    const [presented] = await presentMergeRequests(deps, [mergeRequest], { single: false })
    const head = presented?.sha ?? ''
    if (head !== sha) {
      throw new ConflictError(`SHA does not match HEAD of source branch: ${head}`)
    }
  }
  const userId = requireUserId(caller)
  const target = await findHookTarget(deps, mergeRequest.targetProjectId)
  const approved = await deps.stores.transaction(async (tx) => {
    if (!(await tx.approvals.insert(mergeRequest.id, userId))) return false
    await recordMergeRequestHook(tx, target, mergeRequest, 'approved', userId)
    return true
  })
  if (!approved) throw new UnauthenticatedError()
  return approvalsOf(deps, caller, mergeRequest)
}

/** POST .../unapprove: 403 without the ability, 404 when the caller had not approved. */
export async function unapprove(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: MergeRequestKey,
): Promise<ApprovalState> {
  const mergeRequest = await requireApprovable(deps, caller, key)
  const userId = requireUserId(caller)
  const target = await findHookTarget(deps, mergeRequest.targetProjectId)
  const unapproved = await deps.stores.transaction(async (tx) => {
    if (!(await tx.approvals.delete(mergeRequest.id, userId))) return false
    await recordMergeRequestHook(tx, target, mergeRequest, 'unapproved', userId)
    return true
  })
  if (!unapproved) throw new NotFoundError('')
  return approvalsOf(deps, caller, mergeRequest)
}
