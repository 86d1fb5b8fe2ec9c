import {
  PipelineServiceClient,
  ProjectServiceClient,
  RepositoryForkServiceClient,
  RepositoryServiceClient,
  UserServiceClient,
} from '@suite/proto'
import { createClient, type Registry } from '@suite/runtime'
import type { MergeRequestsConfig } from '../config.js'
import type { Ports, WorkQueues } from '../domain/ports.js'
import { pipelinesPort } from './pipelines.js'
import { projectsPort, type ProjectSettingsCache } from './projects.js'
import { recordingProjects, type RecordAccessFacts } from './recording-projects.js'
import { repositoryPort } from './repository.js'
import { usersPort } from './users.js'

/** The ports of a running role and what closes their connections. */
export interface ConnectedPorts {
  ports: Ports
  close: () => void
}

/**
 * The gRPC clients of other services that merge requests use, as the
 * domain's ports. Reads retry on UNAVAILABLE; writes do not (they carry
 * idempotency keys where a retry could duplicate them). Every project the
 * projects service answers has its access facts recorded by `recordAccessFacts`.
 */
export function createPorts(
  config: MergeRequestsConfig,
  registry: Registry,
  internalSecret: string,
  recordAccessFacts: RecordAccessFacts,
  queues: WorkQueues,
  heldProjects?: ProjectSettingsCache,
): ConnectedPorts {
  const projects = createClient(ProjectServiceClient, {
    address: config.projectsAddress,
    registry,
    internalSecret,
    retries: 2,
  })
  const repositoryRead = createClient(RepositoryServiceClient, {
    address: config.repositoryAddress,
    registry,
    internalSecret,
    retries: 2,
    deadlineMs: 30_000,
  })
  const repositoryWrite = createClient(RepositoryServiceClient, {
    address: config.repositoryAddress,
    registry,
    internalSecret,
    deadlineMs: 60_000,
  })
  const repositoryForks = createClient(RepositoryForkServiceClient, {
    address: config.repositoryAddress,
    registry,
    internalSecret,
    deadlineMs: 60_000,
  })
  const users = createClient(UserServiceClient, {
    address: config.identityAddress,
    registry,
    internalSecret,
    retries: 2,
  })
  const pipelines = createClient(PipelineServiceClient, {
    address: config.ciTriggersAddress,
    registry,
    internalSecret,
    retries: 2,
  })
  return {
    ports: {
      projects: projectsPort(recordingProjects(projects.rpc, recordAccessFacts), heldProjects),
      repository: repositoryPort(repositoryRead.rpc, repositoryWrite.rpc, repositoryForks.rpc),
      users: usersPort(users.rpc),
      pipelines: pipelinesPort(pipelines.rpc),
      queues,
    },
    close: () => {
      for (const client of [
        projects,
        repositoryRead,
        repositoryWrite,
        repositoryForks,
        users,
        pipelines,
      ]) {
        client.raw.close()
      }
    },
  }
}
