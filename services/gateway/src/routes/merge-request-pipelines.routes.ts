import { AUTHENTICATED, PUBLIC, canInProject, requireProjectAbility } from '../auth/abilities.js'
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
    projectAbility: 'readMergeRequest',
    params: mergeRequestPathParams,
    handle: async ({ caller, project, params, page }) => {
      // The merge request is found (404) even for those who see none of its pipelines.
      const answer = await diffs.read.listMergeRequestPipelines({
        caller,
        mergeRequest: mergeRequestKey(project, params.merge_request_iid),
        page,
      })
      // Ci::PipelinesForMergeRequestFinder: none for those without :read_pipeline.
      if (!canInProject(caller.project, 'readPipeline')) return { items: [], total: 0 }
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
    // authorize! :create_pipeline, user_project; then the merge request must be readable.
    projectAbility: 'createPipeline',
    params: mergeRequestPathParams,
    handle: async ({ caller, project, params }): Promise<PipelineItem> => {
      requireProjectAbility(caller.project, 'readMergeRequest')
      const answer = await diffs.write.createMergeRequestPipeline({
        caller,
        mergeRequest: mergeRequestKey(project, params.merge_request_iid),
      })
      const pipeline = await findPipeline(deps.pipelines, project.id, answer.pipelineId)
      return { pipeline: requireField(pipeline, 'pipeline'), project }
    },
    present: presentPipeline,
    related: pipelineUserIds,
  })
}
