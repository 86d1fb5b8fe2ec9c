import { PipelineServiceService } from '@suite/proto'
import type { GrpcServer, ServiceDeps } from '@suite/runtime'
import { PipelinesStore } from '../store/pipelines.store.js'
import type { Database } from '../store/schema.js'
import { pipelineService } from './pipeline.rpc.js'

/** Registers the server role's gRPC services: PipelineService. */
export function registerServices(server: GrpcServer, deps: ServiceDeps<Database>): void {
  server.add(
    PipelineServiceService,
    pipelineService(server, new PipelinesStore(deps.db)),
    'gitlab.ci.v1.PipelineService',
  )
}
