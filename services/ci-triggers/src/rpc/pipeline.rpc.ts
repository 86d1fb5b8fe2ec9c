import type {
  BatchGetPipelinesRequest,
  BatchGetPipelinesResponse,
  CreatePipelineRequest,
  CreatePipelineResponse,
  GetPipelineRequest,
  GetPipelineResponse,
  ListPipelinesRequest,
  ListPipelinesResponse,
  PipelineServiceServer,
} from '@suite/proto'
import type { GrpcServer } from '@suite/runtime'
import { createPipeline } from '../domain/create-pipeline.js'
import { requireCreatePipeline } from '../domain/policy.js'
import type { PipelineStore } from '../domain/ports.js'
import { batchGetPipelines, getPipeline, listPipelines } from '../domain/read-pipelines.js'
import { toPipelineMessage } from './to-proto.js'

/** gitlab.ci.v1.PipelineService */
export function pipelineService(server: GrpcServer, store: PipelineStore): PipelineServiceServer {
  return {
    createPipeline: server.unary(
      'CreatePipeline',
      async (req: CreatePipelineRequest): Promise<CreatePipelineResponse> => {
        requireCreatePipeline(req.caller?.project, req.projectId)
        const pipeline = await createPipeline(store, {
          projectId: req.projectId,
          sha: req.sha,
          ref: req.ref,
          source: req.source,
          tag: req.tag,
          beforeSha: req.beforeSha,
          mergeRequestId: req.mergeRequestId ?? null,
          committedAt: req.committedAt ?? null,
          userId: req.caller?.userId ?? null,
          idempotencyKey: req.idempotencyKey,
        })
        return { pipeline: toPipelineMessage(pipeline) }
      },
    ),

    getPipeline: server.unary(
      'GetPipeline',
      async (req: GetPipelineRequest): Promise<GetPipelineResponse> => ({
        pipeline: toPipelineMessage(await getPipeline(store, req.projectId, req.id)),
      }),
    ),

    batchGetPipelines: server.unary(
      'BatchGetPipelines',
      async (req: BatchGetPipelinesRequest): Promise<BatchGetPipelinesResponse> => ({
        pipelines: (await batchGetPipelines(store, req.ids)).map(toPipelineMessage),
      }),
    ),

    listPipelines: server.unary(
      'ListPipelines',
      async (req: ListPipelinesRequest): Promise<ListPipelinesResponse> => {
        const { pipelines, total } = await listPipelines(
          store,
          {
            projectId: req.projectId,
            mergeRequestId: req.mergeRequestId,
            ref: req.ref,
            sha: req.sha,
          },
          req.page,
        )
        return { pipelines: pipelines.map(toPipelineMessage), pageInfo: { total } }
      },
    ),
  }
}
