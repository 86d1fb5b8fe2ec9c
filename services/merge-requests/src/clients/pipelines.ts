import type { PipelineServiceClient } from '@suite/proto'
import type { PromiseClient } from '@suite/runtime'
import type { PipelinesPort } from '../domain/ports.js'
import { callerMessage } from './caller-message.js'
import { isNotFound } from './grpc-failures.js'

export type PipelinesRpc = PromiseClient<PipelineServiceClient>

/** ci-triggers' pipelines as the domain needs them. */
export function pipelinesPort(client: PipelinesRpc): PipelinesPort {
  return {
    find: async (projectId, id) => {
      try {
        const { pipeline } = await client.getPipeline({ projectId, id, caller: undefined })
        return pipeline && { sha: pipeline.sha, status: pipeline.status }
      } catch (error) {
        if (isNotFound(error)) return undefined
        throw error
      }
    },
    listForMergeRequest: async (projectId, mergeRequestId, page, branchCommits) => {
      const response = await client.listPipelines({
        projectId,
        mergeRequestId,
        page: { page: page.page, perPage: page.perPage },
        caller: undefined,
        updatedAfter: undefined,
        updatedBefore: undefined,
        orderBy: '',
        sort: '',
        branch: branchCommits?.branch,
        branchShas: [...(branchCommits?.shas ?? [])],
      })
      return {
        ids: response.pipelines.map((pipeline) => pipeline.id),
        total: response.pageInfo?.total ?? response.pipelines.length,
      }
    },
    create: async (caller, pipeline) => {
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
    },
  }
}
