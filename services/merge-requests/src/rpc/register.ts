import {
  CollaborationServiceService,
  DiffServiceService,
  MERGE_REQUESTS_V1_SERVICES,
  MergeRequestServiceService,
} from '@suite/proto'
import {
  HOOK_EVENT_ROUTE,
  registerServices,
  startOutboxRelay,
  startServiceOutboxRelay,
  type GrpcServer,
  type ServiceDeps,
} from '@suite/runtime'
import { mergeRequestsDeps } from '../deps.js'
import type { Database } from '../store/schema.js'
import { collaborationService } from './collaboration.rpc.js'
import { diffService } from './diff.rpc.js'
import { mergeRequestService } from './merge-request.rpc.js'
import { ParticipantsStore } from '../store/participants.store.js'
import { participantService } from './participant.rpc.js'

/**
 * Registers the server role's three gRPC services and starts the relays that
 * queue the outboxes' activity events and webhook events; returns what stops them.
 */
export function registerMergeRequestServices(
  server: GrpcServer,
  deps: ServiceDeps<Database>,
): () => Promise<void> {
  const { deps: mrDeps, close } = mergeRequestsDeps(deps)
  const relay = startOutboxRelay({
    stores: mrDeps.stores,
    logger: deps.logger,
    redis: deps.redis,
    lag: { registry: deps.registry, db: deps.db, table: 'event_outbox' },
  })
  const hookRelay = startServiceOutboxRelay(HOOK_EVENT_ROUTE, deps, 'hook events')
  const wake = () => {
    relay.wake()
    hookRelay.wake()
  }
  server.add(
    MergeRequestServiceService,
    mergeRequestService(server, mrDeps, wake),
    'gitlab.merge_requests.v1.MergeRequestService',
  )
  server.add(
    CollaborationServiceService,
    collaborationService(server, mrDeps),
    'gitlab.merge_requests.v1.CollaborationService',
  )
  server.add(
    DiffServiceService,
    diffService(server, mrDeps),
    'gitlab.merge_requests.v1.DiffService',
  )
  registerServices(server, MERGE_REQUESTS_V1_SERVICES, {
    ParticipantService: participantService(server, mrDeps, new ParticipantsStore(deps.db)),
  })
  return async () => {
    await Promise.all([relay.stop(), hookRelay.stop()])
    close()
  }
}
