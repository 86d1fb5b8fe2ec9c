import type { EventServiceServer, ListEventsRequest, ListEventsResponse } from '@suite/proto'
import type { GrpcServer } from '@suite/runtime'
import { listEvents, type EventReader, type ScopesOf } from '../domain/list-events.js'
import { toEventMessage } from './event-to-proto.js'
import { toCaller } from './from-proto.js'

const DEFAULT_PER_PAGE = 20
const MAX_PER_PAGE = 100

/** gitlab.projects.v1.EventService */
export function eventService(
  server: GrpcServer,
  reader: EventReader,
  scopesOf: ScopesOf,
): EventServiceServer {
  return {
    listEvents: server.unary(
      'ListEvents',
      async (req: ListEventsRequest): Promise<ListEventsResponse> => {
        const { events, total } = await listEvents(reader, scopesOf, toCaller(req.caller), {
          authorId: req.authorId,
          projectId: req.projectId,
          action: req.action,
          targetType: req.targetType,
          before: req.before,
          after: req.after,
          sort: req.sort,
          scope: req.scope,
          page: {
            page: Math.max(req.page?.page ?? 1, 1),
            perPage: Math.min(req.page?.perPage || DEFAULT_PER_PAGE, MAX_PER_PAGE),
          },
        })
        return { events: events.map(toEventMessage), pageInfo: { total } }
      },
    ),
  }
}
