import type {
  CollaborationServiceClient,
  DiffServiceClient,
  MergeRequestServiceClient,
  JobRequestServiceClient,
  JobTokenServiceClient,
  PipelineServiceClient,
  RunnerServiceClient,
  TriggerServiceClient,
} from '@suite/proto'
import type { PromiseClient } from '@suite/runtime'
import type { ReadWrite } from '../clients/identity.client.js'
import type { MergeRequestsClients } from '../clients/merge-requests.client.js'
import type { PipelinesClients } from '../clients/pipelines.client.js'

/** A client answering from plain functions; a method not given fails loudly. */
function fake<C>(service: string, handlers: Partial<PromiseClient<C>> = {}): PromiseClient<C> {
  return new Proxy(handlers, {
    get: (target, method) =>
      (Reflect.get(target, method) as unknown) ??
      (() => Promise.reject(new Error(`unexpected call ${service}.${String(method)}`))),
  }) as unknown as PromiseClient<C>
}

function both<C>(client: PromiseClient<C>): ReadWrite<C> {
  return { read: client, write: client }
}

export interface FakeMergeRequestsHandlers {
  mergeRequests?: Partial<PromiseClient<MergeRequestServiceClient>>
  collaboration?: Partial<PromiseClient<CollaborationServiceClient>>
  diffs?: Partial<PromiseClient<DiffServiceClient>>
}

/** Merge-requests clients answering from plain functions, for tests without a network. */
export function fakeMergeRequests(handlers: FakeMergeRequestsHandlers = {}): MergeRequestsClients {
  return {
    mergeRequests: both(fake<MergeRequestServiceClient>('mergeRequests', handlers.mergeRequests)),
    collaboration: both(fake<CollaborationServiceClient>('collaboration', handlers.collaboration)),
    diffs: both(fake<DiffServiceClient>('diffs', handlers.diffs)),
    close: () => {},
  }
}

/** ci-triggers' pipeline client answering from plain functions. */
export function fakePipelines(
  handlers: Partial<PromiseClient<PipelineServiceClient>> = {},
  triggers: Partial<PromiseClient<TriggerServiceClient>> = {},
  ci: {
    runners?: Partial<PromiseClient<RunnerServiceClient>>
    jobRequests?: Partial<PromiseClient<JobRequestServiceClient>>
    jobTokens?: Partial<PromiseClient<JobTokenServiceClient>>
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
    close: () => {},
  }
}
