import type { ApiRouter } from './api-router.js'
import { commitCommentRoutes } from './commit-comments.routes.js'
import { issueRoutes } from './issues.routes.js'
import { mergeRequestApprovalRoutes } from './merge-request-approvals.routes.js'
import { mergeRequestAwardEmojiRoutes } from './merge-request-award-emoji.routes.js'
import { mergeRequestNoteRoutes } from './merge-request-notes.routes.js'
import { mergeRequestDiscussionRoutes } from './merge-request-discussions.routes.js'
import { mergeRequestBlockRoutes } from './merge-request-blocks.routes.js'
import { mergeRequestClosesIssuesRoutes } from './merge-request-closes-issues.routes.js'
import { mergeRequestCommitRoutes } from './merge-request-commits.routes.js'
import { mergeRequestDiffRoutes } from './merge-request-diffs.routes.js'
import { mergeRequestListRoutes } from './merge-request-lists.routes.js'
import { mergeRequestParticipantRoutes } from './merge-request-participants.routes.js'
import { mergeRequestPipelineRoutes } from './merge-request-pipelines.routes.js'
import { mergeRequestResourceEventRoutes } from './merge-request-resource-events.routes.js'
import type { MergeRequestRouteDeps } from './merge-request-route-deps.js'
import { mergeRequestTimeTrackingRoutes } from './merge-request-time-tracking.routes.js'
import { mergeRequestRoutes } from './merge-requests.routes.js'
import { milestoneRoutes } from './milestones.routes.js'

/** Every route of the merge-requests service's area (spec document 1). */
export function mergeRequestAreaRoutes(api: ApiRouter, deps: MergeRequestRouteDeps): void {
  mergeRequestListRoutes(api, deps)
  mergeRequestRoutes(api, deps)
  mergeRequestDiffRoutes(api, deps)
  mergeRequestCommitRoutes(api, deps)
  mergeRequestParticipantRoutes(api, deps)
  mergeRequestPipelineRoutes(api, deps)
  mergeRequestBlockRoutes(api, deps)
  mergeRequestTimeTrackingRoutes(api, deps)
  mergeRequestApprovalRoutes(api, deps)
  mergeRequestAwardEmojiRoutes(api, deps)
  mergeRequestNoteRoutes(api, deps)
  mergeRequestDiscussionRoutes(api, deps)
  mergeRequestResourceEventRoutes(api, deps)
  milestoneRoutes(api, deps)
  issueRoutes(api, deps)
  mergeRequestClosesIssuesRoutes(api, deps)
  commitCommentRoutes(api, deps)
}
