import type { CommitStatus } from '@suite/proto'
import { AUTHENTICATED } from '../auth/abilities.js'
import type { PipelinesClients } from '../clients/pipelines.client.js'
import { requireField } from '../clients/require-field.js'
import { commitStatusUserIds, presentCommitStatus } from '../entities/commit-status.entity.js'
import { p } from '../params/coercions.js'
import { MESSAGES, Param } from '../params/param.js'
import type { ApiRouter } from './api-router.js'

/** Grape's Float: a number, or text that reads as one. */
const float = () =>
  new Param<number>((raw) => {
    const value = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw) : NaN
    return Number.isFinite(value) ? { ok: true, value } : { ok: false, message: MESSAGES.invalid }
  }, true)

const STATES = ['pending', 'running', 'success', 'failed', 'canceled'] as const

const createParams = {
  id: p.string().required(),
  sha: p.string().required(),
  state: p.string().required().values(STATES),
  ref: p.string(),
  target_url: p.string(),
  description: p.string(),
  name: p.string(),
  context: p.string(),
  coverage: float(),
  pipeline_id: p.int(),
}

const listParams = {
  id: p.string().required(),
  sha: p.string().required(),
  ref: p.string(),
  stage: p.string(),
  name: p.string(),
  all: p.bool().default(false),
}

const shown = { present: presentCommitStatus, related: commitStatusUserIds }

/**
 * lib/api/commit_statuses.rb: external systems report a commit's status
 * (Developers); signed-in readers list them. ci-triggers owns every rule.
 */
export function commitStatusRoutes(api: ApiRouter, pipelines: PipelinesClients): void {
  api.post('/projects/:id/statuses/:sha', {
    ability: AUTHENTICATED,
    resolve: 'project',
    projectAbility: 'createPipeline',
    params: createParams,
    handle: async ({ caller, project, params }) => {
      const answer = await pipelines.pipelineWrites.createCommitStatus({
        caller,
        projectId: project.id,
        sha: params.sha,
        state: params.state,
        ref: params.ref || undefined,
        name: params.name || params.context || undefined,
        targetUrl: params.target_url,
        description: params.description,
        coverage: params.coverage,
        pipelineId: params.pipeline_id,
      })
      return requireField(answer.status, 'status')
    },
    ...shown,
  })

  api.list('/projects/:id/repository/commits/:sha/statuses', {
    ability: AUTHENTICATED,
    resolve: 'project',
    projectAbility: 'readCommitStatus',
    params: listParams,
    handle: async ({ caller, project, params, page }) => {
      const answer = await pipelines.pipelines.listCommitStatuses({
        caller,
        projectId: project.id,
        sha: params.sha,
        ref: params.ref || undefined,
        stage: params.stage || undefined,
        name: params.name || undefined,
        all: params.all,
        page,
      })
      return {
        items: answer.statuses satisfies CommitStatus[],
        total: answer.pageInfo?.total ?? 0,
      }
    },
    ...shown,
  })
}
