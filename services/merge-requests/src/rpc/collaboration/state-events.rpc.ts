import {
  getResourceStateEvent,
  listResourceStateEvents,
} from '../../domain/resource-state-events.js'
import { toResourceStateEventMessage } from '../collaboration-to-proto.js'
import type { CollaborationHandlers } from './handler.js'

/** A merge request's state events (closed, reopened, merged). */
export const stateEventHandlers: CollaborationHandlers<
  'listResourceStateEvents' | 'getResourceStateEvent'
> = {
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
