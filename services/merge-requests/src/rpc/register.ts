import {
  CollaborationServiceService,
  DiffServiceService,
  MergeRequestServiceService,
} from '@suite/proto'
import { startOutboxRelay, type GrpcServer, type ServiceDeps } from '@suite/runtime'
import { mergeRequestsDeps } from '../deps.js'
import type { Database } from '../store/schema.js'
import { collaborationService } from './collaboration.rpc.js'
import { diffService } from './diff.rpc.js'
import { mergeRequestService } from './merge-request.rpc.js'

/**
 * Registers the server role's three gRPC services and starts the relay that
 * queues the outbox's activity events; returns what stops them.
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
  server.add(
    MergeRequestServiceService,
    mergeRequestService(server, mrDeps, relay.wake),
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
  return async () => {
    await relay.stop()
    close()
  }
}
