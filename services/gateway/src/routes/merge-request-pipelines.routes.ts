import { AUTHENTICATED, PUBLIC } from '../auth/abilities.js'
import { DEVELOPER } from '../auth/repository-access.js'
import { forbidden } from '../errors/http-error.js'
import { findPipeline, loadPipelines } from '../clients/merge-request-lookups.js'
import { requireField } from '../clients/require-field.js'
import {
  pipelineUserIds,
  presentPipeline,
  presentPipelineBasic,
  type PipelineItem,
} from '../entities/pipeline.entity.js'
import type { ApiRouter } from './api-router.js'
import {
  mergeRequestKey,
  mergeRequestPathParams,
  type MergeRequestRouteDeps,
} from './merge-request-route-deps.js'

const PIPELINES = '/projects/:id/merge_requests/:merge_request_iid/pipelines'

/** GET and POST .../pipelines: the merge request's pipelines, kept by ci-triggers. */
export function mergeRequestPipelineRoutes(api: ApiRouter, deps: MergeRequestRouteDeps): void {
  const diffs = deps.mergeRequests.diffs

  api.list(PIPELINES, {
    ability: PUBLIC,
    resolve: 'project',
    params: mergeRequestPathParams,
    handle: async ({ principal, caller, project, params, page }) => {
      const answer = await diffs.read.listMergeRequestPipelines({
        caller,
        mergeRequest: mergeRequestKey(project, principal, params.merge_request_iid),
        page,
      })
      const pipelines = await loadPipelines(deps.pipelines, answer.pipelineIds)
      return {
        items: pipelines.map((pipeline): PipelineItem => ({ pipeline, project })),
        total: answer.pageInfo?.total ?? pipelines.length,
      }
    },
    present: presentPipelineBasic,
  })

  api.post(PIPELINES, {
    // `status :ok`: the created pipeline answers 200.
    status: 200,
    ability: AUTHENTICATED,
    resolve: 'project',
    params: mergeRequestPathParams,
    handle: async ({ principal, caller, project, params }): Promise<PipelineItem> => {
      // authorize! :create_pipeline, user_project: Developer and up.
      if (!principal.user?.admin && project.callerAccessLevel < DEVELOPER) throw forbidden()
      const answer = await diffs.write.createMergeRequestPipeline({
        caller,
        mergeRequest: mergeRequestKey(project, principal, params.merge_request_iid),
      })
      const pipeline = await findPipeline(deps.pipelines, project.id, answer.pipelineId)
      return { pipeline: requireField(pipeline, 'pipeline'), project }
    },
    present: presentPipeline,
    related: pipelineUserIds,
  })
}
