import type { Client } from '@grpc/grpc-js'
import { HookServiceClient, ProjectServiceClient, ProtectedBranchServiceClient } from '@suite/proto'
import { createClient, type Registry } from '@suite/runtime'
import { WRITE_DEADLINE_MS } from './deadlines.js'
import type { ReadWrite } from './identity.client.js'

export interface ProjectsClients {
  projects: ReadWrite<ProjectServiceClient>
  /** Webhooks; tests and resends wait for the receiver, so writes get the hook timeout and more. */
  hooks: ReadWrite<HookServiceClient>
  protectedBranches: ReadWrite<ProtectedBranchServiceClient>
  close: () => void
}

const READ_RETRIES = 2
/** A hook test waits for the receiver (WEBHOOK_TIMEOUT_SECONDS, at most 60 s). */
const HOOK_SEND_DEADLINE_MS = 65_000

/** Builds the projects service's clients once, at start (reads retried, writes not). */
export function createProjectsClients(
  address: string,
  registry: Registry,
  internalSecret: string,
): ProjectsClients {
  const read = createClient(ProjectServiceClient, {
    address,
    registry,
    internalSecret,
    retries: READ_RETRIES,
  })
  const write = createClient(ProjectServiceClient, {
    address,
    registry,
    internalSecret,
    deadlineMs: WRITE_DEADLINE_MS,
  })
  const hooksRead = createClient(HookServiceClient, {
    address,
    registry,
    internalSecret,
    retries: READ_RETRIES,
  })
  const hooksWrite = createClient(HookServiceClient, {
    address,
    registry,
    internalSecret,
    deadlineMs: HOOK_SEND_DEADLINE_MS,
  })
  const rulesRead = createClient(ProtectedBranchServiceClient, {
    address,
    registry,
    internalSecret,
    retries: READ_RETRIES,
  })
  const rulesWrite = createClient(ProtectedBranchServiceClient, {
    address,
    registry,
    internalSecret,
    deadlineMs: WRITE_DEADLINE_MS,
  })
  const raws: Client[] = [
    read.raw,
    write.raw,
    hooksRead.raw,
    hooksWrite.raw,
    rulesRead.raw,
    rulesWrite.raw,
  ]
  return {
    projects: { read: read.rpc, write: write.rpc },
    hooks: { read: hooksRead.rpc, write: hooksWrite.rpc },
    protectedBranches: { read: rulesRead.rpc, write: rulesWrite.rpc },
    close: () => raws.forEach((raw) => raw.close()),
  }
}
