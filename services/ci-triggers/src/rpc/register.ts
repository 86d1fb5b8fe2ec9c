import { addProtoServices } from '@suite/runtime'
import { CI_V1_SERVICES } from '@suite/proto'
import type { GrpcServer, ServiceDeps } from '@suite/runtime'
import { ciTriggersDeps, triggerDeps } from '../deps.js'
import type { Database } from '../store/schema.js'
import { jobTokenService } from './job-token.rpc.js'
import { pipelineService } from './pipeline.rpc.js'
import { jobRequestService, runnerService } from './runner.rpc.js'
import { triggerService } from './trigger.rpc.js'
import { variableService } from './variable.rpc.js'

/** Registers the server role's gRPC services; returns what closes their clients and relays. */
export function registerServices(
  server: GrpcServer,
  service: ServiceDeps<Database>,
): () => Promise<void> {
  const { deps, close } = ciTriggersDeps(service)
  addProtoServices(server, CI_V1_SERVICES, {
    PipelineService: pipelineService(server, deps),
    TriggerService: triggerService(server, triggerDeps(service, deps)),
    RunnerService: runnerService(server, deps.runnerDeps),
    JobRequestService: jobRequestService(server, deps.jobQueue),
    JobTokenService: jobTokenService(server, deps),
    VariableService: variableService(server, deps.variables),
  })
  return close
}
