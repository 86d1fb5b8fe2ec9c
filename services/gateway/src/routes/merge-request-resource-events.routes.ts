import { AUTHENTICATED } from '../auth/abilities.js'
import { requireField } from '../clients/require-field.js'
import {
  presentResourceStateEvent,
  resourceStateEventUserIds,
} from '../entities/resource-state-event.entity.js'
import { p } from '../params/coercions.js'
import type { ApiRouter } from './api-router.js'
import {
  mergeRequestKey,
  mergeRequestPathParams,
  type MergeRequestRouteDeps,
} from './merge-request-route-deps.js'

const STATE_EVENTS = '/projects/:id/merge_requests/:merge_request_iid/resource_state_events'

/** lib/api/resource_state_events.rb for merge requests: signed-in readers of the request. */
export function mergeRequestResourceEventRoutes(api: ApiRouter, deps: MergeRequestRouteDeps): void {
  const collaboration = deps.mergeRequests.collaboration
  const shown = { present: presentResourceStateEvent, related: resourceStateEventUserIds }

  api.list(STATE_EVENTS, {
    ability: AUTHENTICATED,
    resolve: 'project',
    params: mergeRequestPathParams,
    handle: async ({ caller, project, params, page }) => {
      const answer = await collaboration.read.listResourceStateEvents({
        caller,
        mergeRequest: mergeRequestKey(project, params.merge_request_iid),
        page,
      })
      return { items: answer.events, total: answer.pageInfo?.total ?? answer.events.length }
    },
    ...shown,
  })

  api.get(`${STATE_EVENTS}/:resource_event_id`, {
    ability: AUTHENTICATED,
    resolve: 'project',
    params: { ...mergeRequestPathParams, resource_event_id: p.int().required() },
    handle: async ({ caller, project, params }) =>
      requireField(
        (
          await collaboration.read.getResourceStateEvent({
            caller,
            mergeRequest: mergeRequestKey(project, params.merge_request_iid),
            eventId: params.resource_event_id,
          })
        ).event,
        'event',
      ),
    ...shown,
  })
}
