import type { Client } from '@grpc/grpc-js'
import {
  JobRequestServiceClient,
  JobTokenServiceClient,
  PipelineServiceClient,
  RunnerServiceClient,
  TriggerServiceClient,
  VariableServiceClient,
} from '@suite/proto'
import { createClient, type PromiseClient, type Registry } from '@suite/runtime'
import { WRITE_DEADLINE_MS } from './deadlines.js'

/** ci-triggers' PipelineService (CI_TRIGGERS_ADDR). */
export interface PipelinesClients {
  /** Reads, retried on UNAVAILABLE. */
  pipelines: PromiseClient<PipelineServiceClient>
  /** Create, cancel, retry and delete: never retried, a retry could apply them twice. */
  pipelineWrites: PromiseClient<PipelineServiceClient>
  /** Trigger tokens and triggering: never retried (a trigger creates a pipeline). */
  triggers: PromiseClient<TriggerServiceClient>
  /** Runners as users manage them and as gitlab-runner registers: never retried. */
  runners: PromiseClient<RunnerServiceClient>
  /** The runner side of jobs: never retried (a request hands out a job). */
  jobRequests: PromiseClient<JobRequestServiceClient>
  /** CI_JOB_TOKEN and the job token scope; reads retried. */
  jobTokens: PromiseClient<JobTokenServiceClient>
  /** CI/CD variables of projects, groups and the instance: never retried (creates and deletes). */
  variables: PromiseClient<VariableServiceClient>
  close: () => void
}

const READ_RETRIES = 2

/** Builds the pipeline clients once, at start (one connection, two retry policies). */
export function createPipelinesClients(
  address: string,
  registry: Registry,
  internalSecret: string,
): PipelinesClients {
  const read = createClient(PipelineServiceClient, {
    address,
    registry,
    internalSecret,
    retries: READ_RETRIES,
  })
  const write = createClient(PipelineServiceClient, {
    address,
    registry,
    internalSecret,
    deadlineMs: WRITE_DEADLINE_MS,
  })
  const triggers = createClient(TriggerServiceClient, {
    address,
    registry,
    internalSecret,
    deadlineMs: WRITE_DEADLINE_MS,
  })
  const runners = createClient(RunnerServiceClient, {
    address,
    registry,
    internalSecret,
    deadlineMs: WRITE_DEADLINE_MS,
  })
  const jobRequests = createClient(JobRequestServiceClient, {
    address,
    registry,
    internalSecret,
    deadlineMs: WRITE_DEADLINE_MS,
  })
  const jobTokens = createClient(JobTokenServiceClient, {
    address,
    registry,
    internalSecret,
    retries: READ_RETRIES,
  })
  const variables = createClient(VariableServiceClient, {
    address,
    registry,
    internalSecret,
    deadlineMs: WRITE_DEADLINE_MS,
  })
  const raws: Client[] = [
    variables.raw,
    read.raw,
    write.raw,
    triggers.raw,
    runners.raw,
    jobRequests.raw,
    jobTokens.raw,
  ]
  return {
    pipelines: read.rpc,
    pipelineWrites: write.rpc,
    triggers: triggers.rpc,
    runners: runners.rpc,
    jobRequests: jobRequests.rpc,
    jobTokens: jobTokens.rpc,
    variables: variables.rpc,
    close: () => raws.forEach((raw) => raw.close()),
  }
}
