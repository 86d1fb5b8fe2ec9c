import {
  getResourceEvent,
  getResourceStateEvent,
  listResourceEvents,
  listResourceStateEvents,
} from '../../domain/resource-state-events.js'
import {
  toResourceLabelEventMessage,
  toResourceMilestoneEventMessage,
  toResourceStateEventMessage,
} from '../collaboration-to-proto.js'
import type { CollaborationHandlers } from './handler.js'

/** A merge request's state, label and milestone events. */
export const stateEventHandlers: CollaborationHandlers<
  | 'listResourceStateEvents'
  | 'getResourceStateEvent'
  | 'listResourceLabelEvents'
  | 'getResourceLabelEvent'
  | 'listResourceMilestoneEvents'
  | 'getResourceMilestoneEvent'
> = {
  listResourceLabelEvents: async (deps, caller, key, request) => {
    const { events, total } = await listResourceEvents(
      deps,
      'labelEvents',
      caller,
      key,
      request.page,
    )
    return { events: events.map(toResourceLabelEventMessage), pageInfo: { total } }
  },
  getResourceLabelEvent: async (deps, caller, key, request) => ({
    event: toResourceLabelEventMessage(
      await getResourceEvent(deps, 'labelEvents', caller, key, request.eventId),
    ),
  }),
  listResourceMilestoneEvents: async (deps, caller, key, request) => {
    const { events, total } = await listResourceEvents(
      deps,
      'milestoneEvents',
      caller,
      key,
      request.page,
    )
    return { events: events.map(toResourceMilestoneEventMessage), pageInfo: { total } }
  },
  getResourceMilestoneEvent: async (deps, caller, key, request) => ({
    event: toResourceMilestoneEventMessage(
      await getResourceEvent(deps, 'milestoneEvents', caller, key, request.eventId),
    ),
  }),
  listResourceStateEvents: async (deps, caller, key, request) => {
    const { events, total } = await listResourceStateEvents(deps, caller, key, request.page)
    return { events: events.map(toResourceStateEventMessage), pageInfo: { total } }
  },
  getResourceStateEvent: async (deps, caller, key, request) => ({
    event: toResourceStateEventMessage(
      await getResourceStateEvent(deps, caller, key, request.eventId),
    ),
  }),
}
