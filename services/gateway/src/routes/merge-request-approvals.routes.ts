import type { Approvals } from '@suite/proto'
import { AUTHENTICATED, PUBLIC } from '../auth/abilities.js'
import { requireField } from '../clients/require-field.js'
import { approvalUserIds, presentApprovals } from '../entities/collaboration.entity.js'
import { p } from '../params/coercions.js'
import type { ApiRouter } from './api-router.js'
import {
  mergeRequestKey,
  mergeRequestPathParams,
  type MergeRequestRouteDeps,
} from './merge-request-route-deps.js'

const SINGLE = '/projects/:id/merge_requests/:merge_request_iid'

/** lib/api/merge_request_approvals.rb (CE): approval state, approve (201) and unapprove (201). */
export function mergeRequestApprovalRoutes(api: ApiRouter, deps: MergeRequestRouteDeps): void {
  const collaboration = deps.mergeRequests.collaboration
  const approvals = (answer: { approvals?: Approvals | undefined }) =>
    requireField(answer.approvals, 'approvals')
  const shown = { present: presentApprovals, related: approvalUserIds }

  api.get(`${SINGLE}/approvals`, {
    ability: PUBLIC,
    resolve: 'project',
    projectAbility: 'readMergeRequest',
    params: mergeRequestPathParams,
    handle: async ({ caller, project, params }) =>
      approvals(
        await collaboration.read.getApprovals({
          caller,
          mergeRequest: mergeRequestKey(project, params.merge_request_iid),
        }),
      ),
    ...shown,
  })

  api.post(`${SINGLE}/approve`, {
    ability: AUTHENTICATED,
    resolve: 'project',
    projectAbility: 'readMergeRequest',
    params: { ...mergeRequestPathParams, sha: p.string(), publish_review: p.bool() },
    handle: async ({ caller, project, params }) =>
      approvals(
        await collaboration.write.approve({
          caller,
          mergeRequest: mergeRequestKey(project, params.merge_request_iid),
          sha: params.sha,
        }),
      ),
    ...shown,
  })

  api.post(`${SINGLE}/unapprove`, {
    ability: AUTHENTICATED,
    resolve: 'project',
    projectAbility: 'readMergeRequest',
    params: mergeRequestPathParams,
    handle: async ({ caller, project, params }) =>
      approvals(
        await collaboration.write.unapprove({
          caller,
          mergeRequest: mergeRequestKey(project, params.merge_request_iid),
        }),
      ),
    ...shown,
  })
}
