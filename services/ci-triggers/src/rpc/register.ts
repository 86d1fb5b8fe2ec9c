import { PipelineServiceService, TriggerServiceService } from '@suite/proto'
import type { GrpcServer, ServiceDeps } from '@suite/runtime'
import { ciTriggersDeps } from '../deps.js'
import { triggerDeps } from '../trigger-deps.js'
import type { Database } from '../store/schema.js'
import { pipelineService } from './pipeline.rpc.js'
import { triggerService } from './trigger.rpc.js'

/** Registers the server role's gRPC services; returns what closes their clients and relay. */
export function registerServices(
  server: GrpcServer,
  service: ServiceDeps<Database>,
): () => Promise<void> {
  const { deps, close } = ciTriggersDeps(service)
  server.add(PipelineServiceService, pipelineService(server, deps), 'gitlab.ci.v1.PipelineService')
  server.add(
    TriggerServiceService,
    triggerService(server, triggerDeps(service, deps)),
    'gitlab.ci.v1.TriggerService',
  )
  return close
}
