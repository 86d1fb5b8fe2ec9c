import { PipelineServiceClient } from '@suite/proto'
import { createClient, type PromiseClient, type Registry } from '@suite/runtime'

/** ci-triggers' PipelineService (CI_TRIGGERS_ADDR); the gateway only reads pipelines. */
export interface PipelinesClients {
  pipelines: PromiseClient<PipelineServiceClient>
  close: () => void
}

const READ_RETRIES = 2

/** Builds the pipeline client once, at start (reads, retried on UNAVAILABLE). */
export function createPipelinesClients(address: string, registry: Registry): PipelinesClients {
  const { raw, rpc } = createClient(PipelineServiceClient, {
    address,
    registry,
    retries: READ_RETRIES,
  })
  return { pipelines: rpc, close: () => raw.close() }
}
