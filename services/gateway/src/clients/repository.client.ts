import type { Client } from '@grpc/grpc-js'
import {
  RepositoryContentServiceClient,
  RepositoryServiceClient,
  SmartHttpServiceClient,
} from '@suite/proto'
import { createClient, type PromiseClient, type Registry } from '@suite/runtime'
import type { ReadWrite } from './service-clients.js'

export interface RepositoryClients {
  repository: ReadWrite<RepositoryServiceClient>
  /** Info/refs as a promise; the two pack RPCs stream through `smartHttpRaw`. */
  smartHttp: PromiseClient<SmartHttpServiceClient>
  smartHttpRaw: SmartHttpServiceClient
  /** Blobs and blame as promises; archives and snapshots stream through `contentRaw`. */
  content: PromiseClient<RepositoryContentServiceClient>
  contentRaw: RepositoryContentServiceClient
  close: () => void
}

const READ_RETRIES = 2

/** Builds the repository role's clients once, at start (reads retried, writes not). */
export function createRepositoryClients(
  address: string,
  registry: Registry,
  internalSecret: string,
): RepositoryClients {
  const read = createClient(RepositoryServiceClient, {
    address,
    registry,
    internalSecret,
    retries: READ_RETRIES,
  })
  const write = createClient(RepositoryServiceClient, {
    address,
    registry,
    internalSecret,
    deadlineMs: 30_000,
  })
  const smart = createClient(SmartHttpServiceClient, {
    address,
    registry,
    internalSecret,
    deadlineMs: 30_000,
  })
  const content = createClient(RepositoryContentServiceClient, {
    address,
    registry,
    internalSecret,
    retries: READ_RETRIES,
  })
  const raws: Client[] = [read.raw, write.raw, smart.raw, content.raw]
  return {
    repository: { read: read.rpc, write: write.rpc },
    smartHttp: smart.rpc,
    smartHttpRaw: smart.raw,
    content: content.rpc,
    contentRaw: content.raw,
    close: () => raws.forEach((raw) => raw.close()),
  }
}
