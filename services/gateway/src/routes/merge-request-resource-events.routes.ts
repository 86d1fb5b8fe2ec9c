import type {
  Caller,
  MergeRequestKey,
  PageRequest,
  Project,
  ResourceLabelEvent,
  ResourceMilestoneEvent,
  ResourceStateEvent,
} from '@suite/proto'
import { AUTHENTICATED } from '../auth/abilities.js'
import { requireField } from '../clients/require-field.js'
import {
  presentResourceLabelEvent,
  presentResourceMilestoneEvent,
  resourceEventUserIds,
  type EventInProject,
} from '../entities/resource-label-event.entity.js'
import {
  presentResourceStateEvent,
  resourceStateEventUserIds,
} from '../entities/resource-state-event.entity.js'
import type { PresentContext } from '../entities/present-context.js'
import { p } from '../params/coercions.js'
import type { ApiRouter } from './api-router.js'
import {
  mergeRequestKey,
  mergeRequestPathParams,
  type MergeRequestRouteDeps,
} from './merge-request-route-deps.js'

const EVENTS = '/projects/:id/merge_requests/:merge_request_iid'

/** One kind of resource event: how the service lists and finds it, and its presenter. */
interface EventKind<E, I> {
  tail: string
  list: (request: {
    caller: Caller
    mergeRequest: MergeRequestKey
    page: PageRequest | undefined
  }) => Promise<{ events: E[]; pageInfo?: { total: number } | undefined }>
  get: (request: {
    caller: Caller
    mergeRequest: MergeRequestKey
    eventId: number
  }) => Promise<{ event?: E | undefined }>
  wrap: (event: E, project: Project) => I
  present: (item: I, ctx: PresentContext) => unknown
  related: (item: I) => number[]
}

/**
 * lib/api/resource_state_events.rb, resource_label_events.rb and
 * resource_milestone_events.rb for merge requests: signed-in readers of the
 * request, a list oldest first and one event by id.
 */
export function mergeRequestResourceEventRoutes(api: ApiRouter, deps: MergeRequestRouteDeps): void {
  const read = deps.mergeRequests.collaboration.read
  eventRoutes<ResourceStateEvent, ResourceStateEvent>(api, {
    tail: 'resource_state_events',
    list: (request) => read.listResourceStateEvents(request),
    get: (request) => read.getResourceStateEvent(request),
    wrap: (event) => event,
    present: presentResourceStateEvent,
    related: resourceStateEventUserIds,
  })
  eventRoutes<ResourceLabelEvent, EventInProject<ResourceLabelEvent>>(api, {
    tail: 'resource_label_events',
    list: (request) => read.listResourceLabelEvents(request),
    get: (request) => read.getResourceLabelEvent(request),
    wrap: (event, project) => ({ event, project }),
    present: presentResourceLabelEvent,
    related: resourceEventUserIds,
  })
  eventRoutes<ResourceMilestoneEvent, EventInProject<ResourceMilestoneEvent>>(api, {
    tail: 'resource_milestone_events',
    list: (request) => read.listResourceMilestoneEvents(request),
    get: (request) => read.getResourceMilestoneEvent(request),
    wrap: (event, project) => ({ event, project }),
    present: presentResourceMilestoneEvent,
    related: resourceEventUserIds,
  })
}

function eventRoutes<E, I>(api: ApiRouter, kind: EventKind<E, I>): void {
  const path = `${EVENTS}/${kind.tail}`
  const shown = { present: kind.present, related: kind.related }

  api.list(path, {
    ability: AUTHENTICATED,
    resolve: 'project',
    params: mergeRequestPathParams,
    handle: async ({ caller, project, params, page }) => {
      const answer = await kind.list({
        caller,
        mergeRequest: mergeRequestKey(project, params.merge_request_iid),
        page,
      })
      return {
        items: answer.events.map((event) => kind.wrap(event, project)),
        total: answer.pageInfo?.total ?? answer.events.length,
      }
    },
    ...shown,
  })

  api.get(`${path}/:resource_event_id`, {
    ability: AUTHENTICATED,
    resolve: 'project',
    params: { ...mergeRequestPathParams, resource_event_id: p.int().required() },
    handle: async ({ caller, project, params }) => {
      const answer = await kind.get({
        caller,
        mergeRequest: mergeRequestKey(project, params.merge_request_iid),
        eventId: params.resource_event_id,
      })
      return kind.wrap(requireField(answer.event, 'event'), project)
    },
    ...shown,
  })
}
