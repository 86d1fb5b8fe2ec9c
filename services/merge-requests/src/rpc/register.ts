import { MERGE_REQUESTS_V1_SERVICES } from '@suite/proto'
import {
  HOOK_EVENT_ROUTE,
  outboxTransactions,
  addProtoServices,
  startOutboxRelay,
  startServiceOutboxRelay,
  type GrpcServer,
  type ServiceDeps,
} from '@suite/runtime'
import { mergeRequestsDeps } from '../deps.js'
import type { Database } from '../store/schema.js'
import { closingIssuesService } from './closing-issues.rpc.js'
import { collaborationService } from './collaboration.rpc.js'
import { diffService } from './diff.rpc.js'
import { issuesService } from './issue.rpc.js'
import { mergeRequestService } from './merge-request.rpc.js'
import { ParticipantsStore } from '../store/participants.store.js'
import { participantService } from './participant.rpc.js'

/**
 * Registers the server role's gRPC services (every service of its proto package) and starts the relays that
 * queue the outboxes' activity events and webhook events; returns what stops them.
 */
export function registerServices(
  server: GrpcServer,
  deps: ServiceDeps<Database>,
): () => Promise<void> {
  const { deps: mrDeps, close } = mergeRequestsDeps(deps)
  const relay = startOutboxRelay({
    stores: outboxTransactions(deps.db),
    logger: deps.logger,
    redis: deps.redis,
    lag: { registry: deps.registry, db: deps.db, table: 'event_outbox' },
  })
  const hookRelay = startServiceOutboxRelay(HOOK_EVENT_ROUTE, deps, 'hook events')
  const wake = () => {
    relay.wake()
    hookRelay.wake()
  }
  addProtoServices(server, MERGE_REQUESTS_V1_SERVICES, {
    MergeRequestService: mergeRequestService(server, mrDeps, wake),
    CollaborationService: collaborationService(server, mrDeps),
    DiffService: diffService(server, mrDeps),
    ParticipantService: participantService(server, mrDeps, new ParticipantsStore(deps.db)),
    IssuesService: issuesService(server, mrDeps, wake),
    ClosingIssuesService: closingIssuesService(server, mrDeps),
  })
  return async () => {
    await Promise.all([relay.stop(), hookRelay.stop()])
    close()
  }
}
