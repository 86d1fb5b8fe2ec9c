/**
 * CE approvals (API::MergeRequestApprovals): anyone who may update the
 * request and is a member of its project may approve it once; approving
 * twice is GitLab's 401, unapproving without an approval its 404.
 */
import type { Approvals, Caller } from '@suite/proto'
import { ConflictError, ForbiddenError, NotFoundError, UnauthenticatedError } from '@suite/runtime'
import type { MergeRequestsDeps } from './deps.js'
import { deleteApproval, insertApproval, listApprovals } from '../store/approvals.store.js'
import { callerMayApprove, requireUserId } from './collaboration-access.js'
import {
  presentMergeRequests,
  requireMergeRequest,
  type MergeRequestKey,
  type MergeRequestRow,
} from './merge-request-access.js'

/** The approval state as the caller sees it. */
async function approvalsOf(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  row: MergeRequestRow,
): Promise<Approvals> {
  const [approvals, [mergeRequest], mayApprove] = await Promise.all([
    listApprovals(deps.db, row.id),
    presentMergeRequests(deps, [row], { caller, single: false }),
    callerMayApprove(deps, caller, row),
  ])
  const userHasApproved = approvals.some((approval) => approval.user_id === caller?.userId)
  return {
    mergeRequest,
    approvedBy: approvals.map((approval) => ({
      userId: approval.user_id,
      approvedAt: approval.created_at,
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
): Promise<Approvals> {
  return approvalsOf(deps, caller, await requireMergeRequest(deps, caller, key))
}

/** The merge request, when the caller has approve_merge_request (else 403). */
async function requireApprovable(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: MergeRequestKey,
): Promise<MergeRequestRow> {
  requireUserId(caller)
  const row = await requireMergeRequest(deps, caller, key)
  if (!(await callerMayApprove(deps, caller, row))) throw new ForbiddenError()
  return row
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
): Promise<Approvals> {
  const row = await requireApprovable(deps, caller, key)
  if (sha !== undefined && sha !== '') {
    const [presented] = await presentMergeRequests(deps, [row], { single: false })
    const head = presented?.sha ?? ''
    if (head !== sha) {
      throw new ConflictError(`SHA does not match HEAD of source branch: ${head}`)
    }
  }
  if (!(await insertApproval(deps.db, row.id, requireUserId(caller)))) {
    throw new UnauthenticatedError()
  }
  return approvalsOf(deps, caller, row)
}

/** POST .../unapprove: 403 without the ability, 404 when the caller had not approved. */
export async function unapprove(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: MergeRequestKey,
): Promise<Approvals> {
  const row = await requireApprovable(deps, caller, key)
  if (!(await deleteApproval(deps.db, row.id, requireUserId(caller)))) {
    throw new NotFoundError('')
  }
  return approvalsOf(deps, caller, row)
}
