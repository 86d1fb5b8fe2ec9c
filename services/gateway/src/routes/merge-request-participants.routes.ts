import { PUBLIC } from '../auth/abilities.js'
import { presentRelatedUser } from '../entities/related-user.js'
import type { ApiRouter } from './api-router.js'
import { inMemoryPage } from './in-memory-page.js'
import { mergeRequestPathParams, type MergeRequestRouteDeps } from './merge-request-route-deps.js'

/**
 * lib/api/merge_requests.rb GET .../participants: the request's participants
 * (merge_request.participants), paginated, as Entities::UserBasic.
 */
export function mergeRequestParticipantRoutes(api: ApiRouter, deps: MergeRequestRouteDeps): void {
  const participants = deps.mergeRequests.ParticipantService.read

  api.list('/projects/:id/merge_requests/:merge_request_iid/participants', {
    ability: PUBLIC,
    resolve: 'project',
    projectAbility: 'readMergeRequest',
    params: mergeRequestPathParams,
    entity: 'UserBasic',
    handle: async ({ caller, project, params, page }) => {
      const { userIds } = await participants.listMergeRequestParticipants({
        caller,
        projectId: project.id,
        iid: params.merge_request_iid,
      })
      return inMemoryPage(userIds, page)
    },
    related: (userId) => [userId],
    present: (userId: number, ctx) => presentRelatedUser(userId, ctx),
  })
}
