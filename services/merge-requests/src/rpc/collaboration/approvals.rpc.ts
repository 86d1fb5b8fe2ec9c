import { approve, getApprovals, unapprove } from '../../domain/approvals.js'
import { toApprovalsMessage } from '../collaboration-to-proto.js'
import type { CollaborationHandlers } from './handler.js'

/** Approvals; every answer is the request's approval state. */
export const approvalHandlers: CollaborationHandlers<'getApprovals' | 'approve' | 'unapprove'> = {
  getApprovals: async (deps, caller, key) => ({
    approvals: toApprovalsMessage(await getApprovals(deps, caller, key)),
  }),
  approve: async (deps, caller, key, request) => ({
    approvals: toApprovalsMessage(await approve(deps, caller, key, request.sha)),
  }),
  unapprove: async (deps, caller, key) => ({
    approvals: toApprovalsMessage(await unapprove(deps, caller, key)),
  }),
}
