import { AUTHENTICATED, PUBLIC } from '../auth/abilities.js'
import { requireField } from '../clients/require-field.js'
import { awardEmojiUserIds, presentAwardEmoji } from '../entities/collaboration.entity.js'
import { p } from '../params/coercions.js'
import type { ApiRouter } from './api-router.js'
import type { MergeRequestRouteDeps } from './merge-request-route-deps.js'
import { ISSUE_NOTEABLE, MERGE_REQUEST_NOTEABLE, type NoteableRoute } from './noteable-routes.js'

/** lib/api/award_emoji.rb for merge requests and issues. */
export function mergeRequestAwardEmojiRoutes(api: ApiRouter, deps: MergeRequestRouteDeps): void {
  awardEmojiRoutes(api, deps, MERGE_REQUEST_NOTEABLE)
  awardEmojiRoutes(api, deps, ISSUE_NOTEABLE)
}

/** The award emoji endpoints of one awardable type; the service decides who reads and awards. */
function awardEmojiRoutes(
  api: ApiRouter,
  deps: MergeRequestRouteDeps,
  awardable: NoteableRoute,
): void {
  const collaboration = deps.mergeRequests.collaboration
  const shown = { present: presentAwardEmoji, related: awardEmojiUserIds }
  const AWARDS = `${awardable.path}/award_emoji`
  const withAward = { ...awardable.params, award_id: p.int().required() }

  api.list(AWARDS, {
    ability: PUBLIC,
    resolve: 'project',
    projectAbility: awardable.readAbility,
    params: { ...awardable.params },
    handle: async ({ caller, project, params, page }) => {
      const answer = await collaboration.read.listAwardEmoji({
        caller,
        mergeRequest: awardable.key(project, params),
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
    projectAbility: awardable.readAbility,
    params: withAward,
    handle: async ({ caller, project, params }) =>
      requireField(
        (
          await collaboration.read.getAwardEmoji({
            caller,
            mergeRequest: awardable.key(project, params),
            awardId: params.award_id,
          })
        ).awardEmoji,
        'award_emoji',
      ),
    ...shown,
  })

  // Writes leave reading the awardable to the service: GitLab answers 404
  // Award Emoji to an award on what the caller cannot read, and 401 to
  // deleting another's award (award_emoji.rb), never the gateway's 403.
  api.post(AWARDS, {
    ability: AUTHENTICATED,
    resolve: 'project',
    params: { ...awardable.params, name: p.string().required() },
    handle: async ({ caller, project, params }) =>
      requireField(
        (
          await collaboration.write.createAwardEmoji({
            caller,
            mergeRequest: awardable.key(project, params),
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
    params: withAward,
    handle: async ({ caller, project, params }) => {
      await collaboration.write.deleteAwardEmoji({
        caller,
        mergeRequest: awardable.key(project, params),
        awardId: params.award_id,
      })
    },
  })
}
