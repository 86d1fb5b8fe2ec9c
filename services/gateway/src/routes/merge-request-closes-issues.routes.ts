import { PUBLIC } from '../auth/abilities.js'
import { issueUserIds, presentIssue, type IssueItem } from '../entities/issue.entity.js'
import type { ApiRouter } from './api-router.js'
import {
  mergeRequestKey,
  mergeRequestPathParams,
  type MergeRequestRouteDeps,
} from './merge-request-route-deps.js'

/**
 * GET /projects/:id/merge_requests/:merge_request_iid/closes_issues
 * (lib/api/merge_requests.rb): the issues the request closes when it merges
 * that the caller may read, one page; which they are and who may read them
 * is the merge-requests service's answer (ClosingIssuesService).
 */
export function mergeRequestClosesIssuesRoutes(api: ApiRouter, deps: MergeRequestRouteDeps): void {
  const closing = deps.mergeRequests.ClosingIssuesService

  api.list('/projects/:id/merge_requests/:merge_request_iid/closes_issues', {
    ability: PUBLIC,
    resolve: 'project',
    params: mergeRequestPathParams,
    handle: async ({ caller, project, params, page }) => {
      const answer = await closing.read.listClosingIssues({
        caller,
        mergeRequest: mergeRequestKey(project, params.merge_request_iid),
        page,
      })
      const items = answer.issues.map((issue): IssueItem => ({
        issue,
        project,
        base: { kind: 'project', project },
        withLabelsDetails: false,
        includeSubscribed: false,
      }))
      return { items, total: answer.pageInfo?.total ?? items.length }
    },
    present: presentIssue,
    related: issueUserIds,
    entity: 'Issue',
  })
}
