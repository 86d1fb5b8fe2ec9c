import { randomUUID } from 'node:crypto'
import { status } from '@grpc/grpc-js'
import type { PipelineVariable } from '@suite/proto'
import { isServiceError } from '@suite/runtime'
import { AUTHENTICATED, PUBLIC, requireProjectAbility } from '../auth/abilities.js'
import { findUserIdByUsername } from '../clients/username-lookup.js'
import { presentPipelineVariable } from '../entities/pipeline-variable.entity.js'
import {
  pipelineUserIds,
  presentPipeline,
  presentPipelineBasicWithMetadata,
  presentPipelineWithMetadata,
} from '../entities/pipeline.entity.js'
import { forbidden } from '../errors/http-error.js'
import { p } from '../params/coercions.js'
import {
  createPipelineParams,
  pipelineInputs,
  pipelineVariables,
} from '../params/pipeline-create.js'
import { pipelineListFields, pipelineListParams } from '../params/pipeline-filters.js'
import type { ApiRouter } from './api-router.js'
import { pipelinePathParams, pipelineItem, type PipelineRouteDeps } from './pipeline-route-deps.js'

const PIPELINES = '/projects/:id/pipelines'
const SINGLE = `${PIPELINES}/:pipeline_id`

const shown = { present: presentPipeline, related: pipelineUserIds }
const shownWithMetadata = { present: presentPipelineWithMetadata, related: pipelineUserIds }

/**
 * lib/api/ci/pipelines.rb: list, create, latest, show, variables, cancel,
 * retry and delete. ci-triggers checks the caller's abilities again and owns
 * every rule about a particular pipeline (who may read its variables, ...).
 */
export function pipelineRoutes(api: ApiRouter, deps: PipelineRouteDeps): void {
  const { pipelines, identity } = deps
  const read = pipelines.pipelines
  const write = pipelines.pipelineWrites

  api.list(PIPELINES, {
    ability: PUBLIC,
    resolve: 'project',
    projectAbility: 'readPipeline',
    params: pipelineListParams,
    handle: async ({ caller, project, params, page }) => {
      // authorize! :read_build, user_project comes second.
      requireProjectAbility(caller.project, 'readBuild')
      const userId =
        params.username === undefined
          ? undefined
          : await findUserIdByUsername(identity, caller, params.username)
      if (params.username !== undefined && userId === undefined) return { items: [], total: 0 }
      const answer = await read.listPipelines({
        caller,
        projectId: project.id,
        page,
        userId,
        mergeRequestId: undefined,
        branch: undefined,
        branchShas: [],
        mergeRequestProjectIds: [],
        ...pipelineListFields(params),
      })
      return {
        items: answer.pipelines.map((pipeline) => pipelineItem(pipeline, project)),
        total: answer.pageInfo?.total ?? answer.pipelines.length,
      }
    },
    present: presentPipelineBasicWithMetadata,
  })

  api.post('/projects/:id/pipeline', {
    ability: AUTHENTICATED,
    resolve: 'project',
    projectAbility: 'createPipeline',
    params: createPipelineParams,
    handle: async ({ caller, project, params }) => {
      const answer = await write.createPipeline({
        caller,
        projectId: project.id,
        // The service resolves the ref (branch first, then tag) to its head.
        sha: '',
        ref: params.ref,
        resolveRef: true,
        source: 'api',
        tag: false,
        beforeSha: '',
        mergeRequestId: undefined,
        committedAt: undefined,
        mergeRequest: undefined,
        variables: pipelineVariables(params.variables),
        inputs: pipelineInputs(params.inputs),
        idempotencyKey: randomUUID(),
      })
      return pipelineItem(answer.pipeline, project)
    },
    ...shown,
  })

  // Before `:pipeline_id`, which would read "latest" as a bad id.
  api.get(`${PIPELINES}/latest`, {
    ability: PUBLIC,
    resolve: 'project',
    projectAbility: 'readPipeline',
    params: { id: p.string().required(), ref: p.string() },
    handle: async ({ caller, project, params }) => {
      try {
        const answer = await read.getLatestPipeline({
          caller,
          projectId: project.id,
          ref: params.ref ?? '',
        })
        return pipelineItem(answer.pipeline, project)
      } catch (error) {
        // `authorize! :read_pipeline, latest_pipeline` on nil: denied, 403.
        if (isServiceError(error) && error.code === status.NOT_FOUND) throw forbidden()
        throw error
      }
    },
    ...shownWithMetadata,
  })

  api.get(SINGLE, {
    ability: PUBLIC,
    resolve: 'project',
    projectAbility: 'readPipeline',
    params: pipelinePathParams,
    handle: async ({ caller, project, params }) => {
      const answer = await read.getPipeline({
        caller,
        projectId: project.id,
        id: params.pipeline_id,
      })
      return pipelineItem(answer.pipeline, project)
    },
    ...shownWithMetadata,
  })

  api.get(`${SINGLE}/variables`, {
    ability: PUBLIC,
    resolve: 'project',
    // :read_pipeline_variable on the pipeline (its owner or a Maintainer) is the service's.
    projectAbility: 'readPipeline',
    params: pipelinePathParams,
    handle: async ({ caller, project, params }) => {
      const answer = await read.listPipelineVariables({
        caller,
        projectId: project.id,
        pipelineId: params.pipeline_id,
      })
      return answer.variables
    },
    present: (variables: PipelineVariable[]) => variables.map(presentPipelineVariable),
  })

  // POST .../cancel (`status 200`, not Grape's 201) and .../retry: Developers, on a readable pipeline.
  for (const [action, httpStatus] of [
    ['cancel', 200],
    ['retry', 201],
  ] as const) {
    api.post(`${SINGLE}/${action}`, {
      status: httpStatus,
      ability: AUTHENTICATED,
      resolve: 'project',
      projectAbility: 'updatePipeline',
      params: pipelinePathParams,
      handle: async ({ caller, project, params }) => {
        const request = { caller, projectId: project.id, pipelineId: params.pipeline_id }
        const answer = await (action === 'cancel'
          ? write.cancelPipeline(request)
          : write.retryPipeline(request))
        return pipelineItem(answer.pipeline, project)
      },
      ...shown,
    })
  }

  api.delete(SINGLE, {
    ability: AUTHENTICATED,
    resolve: 'project',
    projectAbility: 'destroyPipeline',
    params: pipelinePathParams,
    handle: async ({ caller, project, params }) => {
      await write.deletePipeline({ caller, projectId: project.id, pipelineId: params.pipeline_id })
    },
  })
}
