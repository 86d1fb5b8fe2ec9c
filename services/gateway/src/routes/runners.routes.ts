import type { ListRunnersRequest, PageRequest } from '@suite/proto'
import { ADMIN, AUTHENTICATED } from '../auth/abilities.js'
import { callerOf } from '../auth/principal.js'
import { findGroup } from '../clients/identity-lookups.js'
import type { IdentityClients } from '../clients/identity.client.js'
import type { PipelinesClients } from '../clients/pipelines.client.js'
import type { ProjectsClients } from '../clients/projects.client.js'
import { findProjectThrough, type ReadModels } from '../clients/read-models.js'
import { requireField } from '../clients/require-field.js'
import { runnerDetails } from '../clients/runner-details.js'
import {
  presentRunner,
  presentRunnerDetails,
  runnerCreatorIds,
  runnerDetailsUserIds,
} from '../entities/runner.entity.js'
import { isoTime } from '../entities/present-context.js'
import { badParameters } from '../errors/http-error.js'
import { p } from '../params/coercions.js'
import {
  createRunnerParams,
  runnerFilter,
  runnerFilterParams,
  runnerSettings,
  updateRunnerParams,
  updateRunnerRules,
} from '../params/runner-params.js'
import type { ApiRouter } from './api-router.js'

export interface RunnerRouteDeps {
  pipelines: PipelinesClients
  projects: Pick<ProjectsClients, 'projects'>
  identity: Pick<IdentityClients, 'groups'>
  readModels?: ReadModels
}

const runnerParams = { id: p.int().required() }

/**
 * The Runners API as users manage runners (lib/api/user_runners.rb,
 * lib/api/ci/runners.rb); ci-triggers keeps the runners and decides who may
 * see or change each one. gitlab-runner's own POST/DELETE /runners and
 * /runners/verify are the runner protocol, declared elsewhere.
 */
export function runnerRoutes(api: ApiRouter, deps: RunnerRouteDeps): void {
  const runners = deps.pipelines.runners

  api.post('/user/runners', {
    ability: AUTHENTICATED,
    // lib/api/user_runners.rb: allow_access_with_scope :create_runner.
    scopes: 'create_runner',
    params: createRunnerParams,
    handle: async ({ principal, params }) => {
      const type = params.runner_type
      // Grape's `given runner_type:` blocks.
      if (type === 'group_type' && params.group_id === undefined) {
        throw badParameters(['group_id is missing'])
      }
      if (type === 'project_type' && params.project_id === undefined) {
        throw badParameters(['project_id is missing'])
      }
      const settings = runnerSettings(params)
      if (type === 'project_type') {
        const project = await findProjectThrough(
          deps.readModels,
          deps.projects,
          callerOf(principal),
          String(params.project_id),
        )
        return runners.createRunner({
          caller: callerOf(principal, { project: project.abilities }),
          runnerType: type,
          projectId: project.id,
          settings,
        })
      }
      if (type === 'group_type') {
        const group = await findGroup(deps.identity, callerOf(principal), String(params.group_id))
        return runners.createRunner({
          caller: callerOf(principal, { group: group.abilities }),
          runnerType: type,
          groupId: group.id,
          groupPath: group.fullPath,
          settings,
        })
      }
      return runners.createRunner({ caller: callerOf(principal), runnerType: type, settings })
    },
    // Entities::Ci::RunnerRegistrationDetails: the token is shown this once.
    present: ({ runner, token }) => {
      const created = requireField(runner, 'runner')
      return { id: created.id, token, token_expires_at: isoTime(created.tokenExpiresAt) }
    },
  })

  const list = async (request: Omit<ListRunnersRequest, 'page'>, page: PageRequest) => {
    const answer = await runners.listRunners({ ...request, page })
    return { items: answer.runners, total: answer.pageInfo?.total ?? answer.runners.length }
  }

  api.list('/runners', {
    ability: AUTHENTICATED,
    params: runnerFilterParams(false),
    handle: ({ caller, params, page }) =>
      list({ caller, scope: 'owned', ...runnerFilter(params) }, page),
    present: presentRunner,
    related: runnerCreatorIds,
  })

  // Before /runners/:id, which would read `all` as an invalid id.
  api.list('/runners/all', {
    ability: ADMIN,
    params: runnerFilterParams(true),
    handle: ({ caller, params, page }) =>
      list({ caller, scope: 'all', ...runnerFilter(params) }, page),
    present: presentRunner,
    related: runnerCreatorIds,
  })

  api.list('/projects/:id/runners', {
    ability: AUTHENTICATED,
    resolve: 'project',
    projectAbility: 'readRunners',
    params: { id: p.string().required(), ...runnerFilterParams(true) },
    handle: ({ caller, project, params, page }) =>
      list({ caller, scope: 'project', projectId: project.id, ...runnerFilter(params) }, page),
    present: presentRunner,
    related: runnerCreatorIds,
  })

  api.get('/runners/:id', {
    ability: AUTHENTICATED,
    // lib/api/ci/runners.rb: allow_access_with_scope :manage_runner on /runners/:id.
    scopes: 'manage_runner',
    params: runnerParams,
    handle: async ({ caller, params }) => {
      const { runner } = await runners.getRunner({ caller, id: params.id })
      return runnerDetails(deps, caller, requireField(runner, 'runner'))
    },
    present: presentRunnerDetails,
    related: runnerDetailsUserIds,
  })

  api.put('/runners/:id', {
    ability: AUTHENTICATED,
    scopes: 'manage_runner',
    params: updateRunnerParams,
    rules: updateRunnerRules,
    handle: async ({ caller, params }) => {
      const { runner } = await runners.updateRunner({
        caller,
        id: params.id,
        settings: runnerSettings(params),
      })
      return runnerDetails(deps, caller, requireField(runner, 'runner'))
    },
    present: presentRunnerDetails,
    related: runnerDetailsUserIds,
  })

  api.delete('/runners/:id', {
    ability: AUTHENTICATED,
    scopes: 'manage_runner',
    params: runnerParams,
    handle: async ({ caller, params }) => {
      await runners.deleteRunner({ caller, id: params.id })
    },
  })
}
