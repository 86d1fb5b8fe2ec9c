import {
  PipelineServiceClient,
  ProjectServiceClient,
  RepositoryServiceClient,
  UserServiceClient,
} from '@suite/proto'
import { createClient, type Registry } from '@suite/runtime'
import type { MergeRequestsConfig } from '../config.js'
import { recordingProjects, type RecordAccessFacts } from './recording-projects.js'

/**
 * The gRPC clients of other services that merge requests use. Reads retry on
 * UNAVAILABLE; writes do not (they carry idempotency keys where a retry could
 * duplicate them). Every project the projects service answers has its access
 * facts recorded by `recordAccessFacts`.
 */
export function createPorts(
  config: MergeRequestsConfig,
  registry: Registry,
  recordAccessFacts: RecordAccessFacts,
) {
  const projects = createClient(ProjectServiceClient, {
    address: config.projectsAddress,
    registry,
    retries: 2,
  })
  const repositoryRead = createClient(RepositoryServiceClient, {
    address: config.repositoryAddress,
    registry,
    retries: 2,
    deadlineMs: 30_000,
  })
  const repositoryWrite = createClient(RepositoryServiceClient, {
    address: config.repositoryAddress,
    registry,
    deadlineMs: 60_000,
  })
  const users = createClient(UserServiceClient, {
    address: config.identityAddress,
    registry,
    retries: 2,
  })
  const pipelines = createClient(PipelineServiceClient, {
    address: config.ciTriggersAddress,
    registry,
    retries: 2,
  })
  return {
    projects: recordingProjects(projects.rpc, recordAccessFacts),
    repository: { read: repositoryRead.rpc, write: repositoryWrite.rpc },
    users: users.rpc,
    pipelines: pipelines.rpc,
    close: () => {
      for (const client of [projects, repositoryRead, repositoryWrite, users, pipelines]) {
        client.raw.close()
      }
    },
  }
}

export type Ports = ReturnType<typeof createPorts>
