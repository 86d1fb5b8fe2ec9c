import type {
  EventRecord,
  EventServiceServer,
  ListEventsRequest,
  ListEventsResponse,
  RecordEventsRequest,
  RecordEventsResponse,
} from '@suite/proto'
import { InvalidError, type GrpcServer } from '@suite/runtime'
import { listEvents, type EventReader, type ScopesOf } from '../domain/list-events.js'
import { invalidEventReason } from '../store/reported-events.js'
import { toEventMessage } from './event-to-proto.js'
import { toCaller } from './from-proto.js'

const DEFAULT_PER_PAGE = 20
const MAX_PER_PAGE = 100

/** What EventService reads and stores through. */
export interface EventRpcDeps {
  reader: EventReader
  scopesOf: ScopesOf
  /** Stores one reported event once by its key; its id, or undefined when not stored. */
  record: (record: EventRecord) => Promise<number | undefined>
}

/** gitlab.projects.v1.EventService */
export function eventService(
  server: GrpcServer,
  { reader, scopesOf, record }: EventRpcDeps,
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
    // The suite's producers only (every internal call carries INTERNAL_API_SECRET).
    recordEvents: server.unary(
      'RecordEvents',
      async (req: RecordEventsRequest): Promise<RecordEventsResponse> => {
        for (const event of req.events) {
          const reason = invalidEventReason(event)
          if (reason) throw new InvalidError({}, `invalid event: ${reason}`)
        }
        let stored = 0
        for (const event of req.events) {
          if ((await record(event)) !== undefined) stored += 1
        }
        return { stored }
      },
    ),
  }
}
