import type {
  JobRequestServiceClient,
  JobTokenServiceClient,
  PipelineServiceClient,
  RunnerServiceClient,
  TriggerServiceClient,
  VariableServiceClient,
} from '@suite/proto'
import type { PromiseClient } from '@suite/runtime'
import type { MergeRequestsClients } from '../clients/merge-requests.client.js'
import type { PipelinesClients } from '../clients/pipelines.client.js'
import {
  fakeClient as fake,
  fakeServiceClients,
  type FakeHandlers,
} from './fake-service-clients.js'

export type FakeMergeRequestsHandlers = FakeHandlers<MergeRequestsClients>

/** Merge-requests clients answering from plain functions, for tests without a network. */
export function fakeMergeRequests(handlers: FakeMergeRequestsHandlers = {}): MergeRequestsClients {
  return fakeServiceClients<MergeRequestsClients>(handlers)
}

/** ci-triggers' pipeline client answering from plain functions. */
export function fakePipelines(
  handlers: Partial<PromiseClient<PipelineServiceClient>> = {},
  triggers: Partial<PromiseClient<TriggerServiceClient>> = {},
  ci: {
    runners?: Partial<PromiseClient<RunnerServiceClient>>
    jobRequests?: Partial<PromiseClient<JobRequestServiceClient>>
    jobTokens?: Partial<PromiseClient<JobTokenServiceClient>>
    variables?: Partial<PromiseClient<VariableServiceClient>>
  } = {},
): PipelinesClients {
  const client = fake<PipelineServiceClient>('pipelines', handlers)
  return {
    pipelines: client,
    pipelineWrites: client,
    triggers: fake<TriggerServiceClient>('triggers', triggers),
    runners: fake<RunnerServiceClient>('runners', ci.runners),
    jobRequests: fake<JobRequestServiceClient>('jobRequests', ci.jobRequests),
    jobTokens: fake<JobTokenServiceClient>('jobTokens', ci.jobTokens),
    variables: fake<VariableServiceClient>('variables', ci.variables),
    close: () => {},
  }
}
