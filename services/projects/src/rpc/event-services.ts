import {
  EventServiceService,
  type EventServiceServer,
  type ListEventsRequest,
  type ListEventsResponse,
} from '@suite/proto'
import type { GrpcServer, ServiceDeps } from '@suite/runtime'
import { createIdentityPort } from '../clients/identity.js'
import { loadProjectsConfig } from '../config.js'
import { listAbilityScopes } from '../domain/ability-scope.js'
import { listEvents, type ScopesOf } from '../domain/list-events.js'
import { eventReader } from '../store/event-reads.store.js'
import type { Database } from '../store/schema.js'
import { toEventMessage } from './event-to-proto.js'
import { toCaller } from './from-proto.js'

const DEFAULT_PER_PAGE = 20
const MAX_PER_PAGE = 100

/** gitlab.projects.v1.EventService */
export function eventService(
  server: GrpcServer,
  db: ServiceDeps<Database>['db'],
  scopesOf: ScopesOf,
): EventServiceServer {
  const reader = eventReader(db)
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

/** Registers EventService on the server role. */
export function registerEventServices(server: GrpcServer, deps: ServiceDeps<Database>): void {
  const identity = createIdentityPort(
    loadProjectsConfig().identityAddress,
    deps.registry,
    deps.config.INTERNAL_API_SECRET,
  )
  server.add(
    EventServiceService,
    eventService(server, deps.db, (caller) => listAbilityScopes(identity, caller)),
    'gitlab.projects.v1.EventService',
  )
}
