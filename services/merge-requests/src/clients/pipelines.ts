import type { ListPipelinesRequest, PipelineServiceClient } from '@suite/proto'
import type { PageRequest, PromiseClient } from '@suite/runtime'
import type { Caller } from '../domain/caller.js'
import type { NewPipeline, PipelinesPort, RequestPipelinesScope } from '../domain/ports.js'
import { callerMessage } from './caller-message.js'
import { isInvalidArgument } from './grpc-failures.js'

export type PipelinesRpc = PromiseClient<PipelineServiceClient>

/** ci-triggers' pipelines as the domain needs them. */
export function pipelinesPort(client: PipelinesRpc): PipelinesPort {
  return {
    findMany: async (ids) => {
      if (ids.length === 0) return new Map()
      const { pipelines } = await client.batchGetPipelines({ ids: [...ids] })
      return new Map(
        pipelines.map((pipeline) => [pipeline.id, { sha: pipeline.sha, status: pipeline.status }]),
      )
    },
    listForMergeRequest: async (scope, page) => {
      const response = await client.listPipelines(requestPipelines(scope, page))
      return {
        ids: response.pipelines.map((pipeline) => pipeline.id),
        total: response.pageInfo?.total ?? response.pipelines.length,
      }
    },
    create: (caller, pipeline) => createPipeline(client, caller, pipeline),
    createIfConfigured: async (caller, pipeline) => {
      try {
        return await createPipeline(client, caller, pipeline)
      } catch (error) {
        // Ci::CreatePipelineService's errors that save no pipeline come as INVALID_ARGUMENT.
        if (isInvalidArgument(error)) return undefined
        throw error
      }
    },
    newestAtHead: async (scope, sha) => {
      const branch = scope.branch && { ...scope.branch, shas: [sha] }
      const response = await client.listPipelines({
        ...requestPipelines({ ...scope, branch }, { page: 1, perPage: 1 }),
        sha,
      })
      return response.pipelines[0]?.id
    },
  }
}

/** ListPipelines of a merge request's pipelines in its scope, newest first. */
function requestPipelines(scope: RequestPipelinesScope, page: PageRequest): ListPipelinesRequest {
  const [projectId, ...others] = scope.projectIds
  return {
    projectId,
    mergeRequestId: scope.mergeRequestId,
    mergeRequestProjectIds: others,
    page: { page: page.page, perPage: page.perPage },
    caller: undefined,
    updatedAfter: undefined,
    updatedBefore: undefined,
    orderBy: '',
    sort: '',
    branch: scope.branch?.branch,
    branchShas: [...(scope.branch?.shas ?? [])],
    branchProjectId: scope.branch?.projectId,
  }
}

/** CreatePipeline for the caller; the new pipeline's id. */
async function createPipeline(
  client: PipelinesRpc,
  caller: Caller | undefined,
  pipeline: NewPipeline,
): Promise<number> {
  const { pipeline: created } = await client.createPipeline({
    caller: callerMessage(caller),
    projectId: pipeline.projectId,
    sha: pipeline.sha,
    ref: pipeline.ref,
    source: pipeline.source,
    tag: pipeline.tag,
    beforeSha: pipeline.beforeSha,
    mergeRequestId: pipeline.mergeRequestId,
    committedAt: undefined,
    idempotencyKey: pipeline.idempotencyKey,
    variables: [],
    inputs: [],
    mergeRequest: { ...pipeline.mergeRequest, labels: [] },
    resolveRef: false,
  })
  if (!created) throw new Error('ci-triggers answered no pipeline')
  return created.id
}
