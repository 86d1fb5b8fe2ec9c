import { AUTHENTICATED, PUBLIC } from '../auth/abilities.js'
import { requireField } from '../clients/require-field.js'
import { awardEmojiUserIds, presentAwardEmoji } from '../entities/collaboration.entity.js'
import { p } from '../params/coercions.js'
import type { ApiRouter } from './api-router.js'
import {
  mergeRequestKey,
  mergeRequestPathParams,
  type MergeRequestRouteDeps,
} from './merge-request-route-deps.js'

const AWARDS = '/projects/:id/merge_requests/:merge_request_iid/award_emoji'

/** lib/api/award_emoji.rb for merge requests. */
export function mergeRequestAwardEmojiRoutes(api: ApiRouter, deps: MergeRequestRouteDeps): void {
  const collaboration = deps.mergeRequests.collaboration
  const shown = { present: presentAwardEmoji, related: awardEmojiUserIds }
  const withAward = { ...mergeRequestPathParams, award_id: p.int().required() }

  api.list(AWARDS, {
    ability: PUBLIC,
    resolve: 'project',
    projectAbility: 'readMergeRequest',
    params: mergeRequestPathParams,
    handle: async ({ caller, project, params, page }) => {
      const answer = await collaboration.read.listAwardEmoji({
        caller,
        mergeRequest: mergeRequestKey(project, params.merge_request_iid),
        page,
      })
      return {
        items: answer.awardEmoji,
        total: answer.pageInfo?.total ?? answer.awardEmoji.length,
      }
    },
    ...shown,
  })

  api.get(`${AWARDS}/:award_id`, {
    ability: PUBLIC,
    resolve: 'project',
    projectAbility: 'readMergeRequest',
    params: withAward,
    handle: async ({ caller, project, params }) =>
      requireField(
        (
          await collaboration.read.getAwardEmoji({
            caller,
            mergeRequest: mergeRequestKey(project, params.merge_request_iid),
            awardId: params.award_id,
          })
        ).awardEmoji,
        'award_emoji',
      ),
    ...shown,
  })

  api.post(AWARDS, {
    ability: AUTHENTICATED,
    resolve: 'project',
    projectAbility: 'readMergeRequest',
    params: { ...mergeRequestPathParams, name: p.string().required() },
    handle: async ({ caller, project, params }) =>
      requireField(
        (
          await collaboration.write.createAwardEmoji({
            caller,
            mergeRequest: mergeRequestKey(project, params.merge_request_iid),
            name: params.name,
          })
        ).awardEmoji,
        'award_emoji',
      ),
    ...shown,
  })

  api.delete(`${AWARDS}/:award_id`, {
    ability: AUTHENTICATED,
    resolve: 'project',
    projectAbility: 'readMergeRequest',
    params: withAward,
    handle: async ({ caller, project, params }) => {
      await collaboration.write.deleteAwardEmoji({
        caller,
        mergeRequest: mergeRequestKey(project, params.merge_request_iid),
        awardId: params.award_id,
      })
    },
  })
}
