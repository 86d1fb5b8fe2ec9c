import type { Client } from '@grpc/grpc-js'
import { PipelineServiceClient, TriggerServiceClient } from '@suite/proto'
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
  close: () => void
}

const READ_RETRIES = 2

/** Builds the pipeline clients once, at start (one connection, two retry policies). */
export function createPipelinesClients(address: string, registry: Registry): PipelinesClients {
  const read = createClient(PipelineServiceClient, { address, registry, retries: READ_RETRIES })
  const write = createClient(PipelineServiceClient, {
    address,
    registry,
    deadlineMs: WRITE_DEADLINE_MS,
  })
  const triggers = createClient(TriggerServiceClient, {
    address,
    registry,
    deadlineMs: WRITE_DEADLINE_MS,
  })
  const raws: Client[] = [read.raw, write.raw, triggers.raw]
  return {
    pipelines: read.rpc,
    pipelineWrites: write.rpc,
    triggers: triggers.rpc,
    close: () => raws.forEach((raw) => raw.close()),
  }
}
