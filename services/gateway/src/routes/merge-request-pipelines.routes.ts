import { AUTHENTICATED, PUBLIC, requireProjectAbility } from '../auth/abilities.js'
import { requireField } from '../clients/require-field.js'
import {
  pipelineUserIds,
  presentPipeline,
  presentPipelineBasic,
  type PipelineItem,
} from '../entities/pipeline.entity.js'
import type { ApiRouter } from './api-router.js'
import {
  loadPipelineItems,
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
      // The service answers those the caller may read (read_pipeline where each ran).
      const items = await loadPipelineItems(deps, answer.pipelineIds, project)
      return { items, total: answer.pageInfo?.total ?? items.length }
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
      // A fork's request may run it in the fork.
      const [item] = await loadPipelineItems(deps, [answer.pipelineId], project)
      return requireField(item, 'pipeline')
    },
    present: presentPipeline,
    related: pipelineUserIds,
  })
}
