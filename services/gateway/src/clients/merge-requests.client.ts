import type { Client } from '@grpc/grpc-js'
import {
  CollaborationServiceClient,
  DiffServiceClient,
  MergeRequestServiceClient,
} from '@suite/proto'
import { createClient, type Registry } from '@suite/runtime'
import type { ReadWrite } from './identity.client.js'
import { WRITE_DEADLINE_MS } from './deadlines.js'

/** The merge-requests service's three gRPC services (MERGE_REQUESTS_ADDR). */
export interface MergeRequestsClients {
  mergeRequests: ReadWrite<MergeRequestServiceClient>
  collaboration: ReadWrite<CollaborationServiceClient>
  diffs: ReadWrite<DiffServiceClient>
  close: () => void
}

const READ_RETRIES = 2

/** Builds the merge-requests service's clients once, at start (reads retried, writes not). */
export function createMergeRequestsClients(
  address: string,
  registry: Registry,
  internalSecret: string,
): MergeRequestsClients {
  const raws: Client[] = []
  function both<C extends Client>(Ctor: Parameters<typeof createClient<C>>[0]): ReadWrite<C> {
    const read = createClient(Ctor, { address, registry, internalSecret, retries: READ_RETRIES })
    const write = createClient(Ctor, {
      address,
      registry,
      internalSecret,
      deadlineMs: WRITE_DEADLINE_MS,
    })
    raws.push(read.raw, write.raw)
    return { read: read.rpc, write: write.rpc }
  }
  return {
    mergeRequests: both(MergeRequestServiceClient),
    collaboration: both(CollaborationServiceClient),
    diffs: both(DiffServiceClient),
    close: () => raws.forEach((raw) => raw.close()),
  }
}
