import {
  EventServiceService,
  type EventServiceServer,
  type ListEventsRequest,
  type ListEventsResponse,
} from '@suite/proto'
import type { GrpcServer, ServiceDeps } from '@suite/runtime'
import { createIdentityPort } from '../clients/identity.js'
import { loadProjectsConfig } from '../config.js'
import { projectReadability } from '../domain/event-readability.js'
import { listEvents, type ProjectReadability } from '../domain/list-events.js'
import { eventReader } from '../store/event-reads.store.js'
import { ProjectsStore } from '../store/projects.store.js'
import type { Database } from '../store/schema.js'
import { toEventMessage } from './event-to-proto.js'

const DEFAULT_PER_PAGE = 20
const MAX_PER_PAGE = 100

/** gitlab.projects.v1.EventService */
export function eventService(
  server: GrpcServer,
  db: ServiceDeps<Database>['db'],
  readability: ProjectReadability,
): EventServiceServer {
  const reader = eventReader(db)
  return {
    listEvents: server.unary(
      'ListEvents',
      async (req: ListEventsRequest): Promise<ListEventsResponse> => {
        const { events, total } = await listEvents(
          reader,
          readability,
          { userId: req.caller?.userId, admin: req.caller?.admin ?? false },
          {
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
          },
        )
        return { events: events.map(toEventMessage), pageInfo: { total } }
      },
    ),
  }
}

/** Registers EventService on the server role. */
export function registerEventServices(server: GrpcServer, deps: ServiceDeps<Database>): void {
  const identity = createIdentityPort(loadProjectsConfig().identityAddress, deps.registry)
  const readability = projectReadability(new ProjectsStore(deps.db), identity)
  server.add(
    EventServiceService,
    eventService(server, deps.db, readability),
    'gitlab.projects.v1.EventService',
  )
}
