import {
  JobRequestServiceService,
  JobTokenServiceService,
  PipelineServiceService,
  RunnerServiceService,
  TriggerServiceService,
} from '@suite/proto'
import type { GrpcServer, ServiceDeps } from '@suite/runtime'
import { ciTriggersDeps, triggerDeps } from '../deps.js'
import type { Database } from '../store/schema.js'
import { jobTokenService } from './job-token.rpc.js'
import { pipelineService } from './pipeline.rpc.js'
import { jobRequestService, runnerService } from './runner.rpc.js'
import { triggerService } from './trigger.rpc.js'

/** Registers the server role's gRPC services; returns what closes their clients and relays. */
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
  server.add(
    RunnerServiceService,
    runnerService(server, deps.runnerDeps),
    'gitlab.ci.v1.RunnerService',
  )
  server.add(
    JobRequestServiceService,
    jobRequestService(server, deps.jobQueue),
    'gitlab.ci.v1.JobRequestService',
  )
  server.add(JobTokenServiceService, jobTokenService(server, deps), 'gitlab.ci.v1.JobTokenService')
  return close
}
