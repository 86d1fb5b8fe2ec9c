import type { Client } from '@grpc/grpc-js'
import { ProjectServiceClient } from '@suite/proto'
import { createClient, type Registry } from '@suite/runtime'
import { WRITE_DEADLINE_MS } from './deadlines.js'
import type { ReadWrite } from './identity.client.js'

export interface ProjectsClients {
  projects: ReadWrite<ProjectServiceClient>
  close: () => void
}

const READ_RETRIES = 2

/** Builds the projects service's clients once, at start (reads retried, writes not). */
export function createProjectsClients(address: string, registry: Registry): ProjectsClients {
  const read = createClient(ProjectServiceClient, { address, registry, retries: READ_RETRIES })
  const write = createClient(ProjectServiceClient, {
    address,
    registry,
    deadlineMs: WRITE_DEADLINE_MS,
  })
  const raws: Client[] = [read.raw, write.raw]
  return {
    projects: { read: read.rpc, write: write.rpc },
    close: () => raws.forEach((raw) => raw.close()),
  }
}
