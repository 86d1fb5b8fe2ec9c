import type { ListEventsRequest } from '@suite/proto'
import { AUTHENTICATED, PUBLIC } from '../auth/abilities.js'
import type { EventsClients } from '../clients/events.client.js'
import type { IdentityClients } from '../clients/identity.client.js'
import { findUserByIdOrUsername } from '../clients/identity-lookups.js'
import { eventRelatedIds, presentEvent } from '../entities/event.entity.js'
import { p } from '../params/coercions.js'
import { eventFilterFields, eventFilterParams } from '../params/event-filters.js'
import type { ApiRouter } from './api-router.js'

/** lib/api/events.rb and the project events endpoint: activity events. */
export function eventRoutes(
  api: ApiRouter,
  events: EventsClients,
  identity: IdentityClients,
): void {
  async function list(request: ListEventsRequest) {
    const answer = await events.events.listEvents(request)
    return { items: answer.events, total: answer.pageInfo?.total ?? answer.events.length }
  }

  api.list('/events', {
    scopes: 'user',
    ability: AUTHENTICATED,
    params: { scope: p.string(), ...eventFilterParams },
    handle: ({ principal, caller, params, page }) =>
      list({
        caller,
        page,
        authorId: principal.user?.id,
        scope: params.scope,
        ...eventFilterFields(params),
      }),
    present: presentEvent,
    related: eventRelatedIds,
  })

  api.list('/users/:id/events', {
    scopes: 'user',
    ability: PUBLIC,
    params: { id: p.string().required(), ...eventFilterParams },
    handle: async ({ caller, params, page }) => {
      const user = await findUserByIdOrUsername(identity, caller, params.id)
      // EventsFinder#cannot_access_private_profile?: no events without :read_user_profile
      // (identity's UserPolicy: a private profile's events show only to the user and admins).
      if (!user.abilities?.readUserProfile) return { items: [], total: 0 }
      return list({ caller, page, authorId: user.id, ...eventFilterFields(params) })
    },
    present: presentEvent,
    related: eventRelatedIds,
  })

  api.list('/projects/:id/events', {
    cache: true,
    scopes: 'user',
    ability: PUBLIC,
    resolve: 'project',
    // Which events of the feed the caller sees (push events need read_code,
    // merge request events read_merge_request) is the projects service's filter.
    projectAbility: 'readEvents',
    params: { id: p.string().required(), ...eventFilterParams },
    handle: ({ caller, project, params, page }) =>
      list({ caller, page, projectId: project.id, ...eventFilterFields(params) }),
    present: presentEvent,
    related: eventRelatedIds,
  })
}
