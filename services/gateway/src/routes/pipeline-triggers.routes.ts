import type { Ability } from '../auth/abilities.js'
import type { Principal } from '../auth/principal.js'
import { requireField } from '../clients/require-field.js'
import { unauthorized } from '../errors/http-error.js'
import { presentTrigger, triggerOwnerIds } from '../entities/trigger.entity.js'
import { p } from '../params/coercions.js'
import { isoDateTime } from '../params/trigger-params.js'
import type { ApiRouter } from './api-router.js'
import { triggerPipelineRoutes, type TriggerPipelineDeps } from './trigger-pipeline.js'

const TRIGGERS = '/projects/:id/triggers'
const TRIGGER = '/projects/:id/triggers/:trigger_id'

/**
 * lib/api/ci/triggers.rb calls authenticate! in the endpoint body, so that
 * parameters are validated (400) before a missing token is 401.
 */
const AUTHENTICATED_IN_BODY: Ability = {
  authorize: (principal: Principal) => {
    if (!principal.user) throw unauthorized()
  },
}

const projectParams = { id: p.string().required() }
const triggerParams = { ...projectParams, trigger_id: p.int().required() }

/**
 * Pipeline trigger tokens (Maintainer and up; only the owner may update one
 * and sees its token in full) and the trigger endpoint, kept by ci-triggers.
 * Token answers are never cached: they differ per viewer and are secrets.
 */
export function pipelineTriggerRoutes(api: ApiRouter, deps: TriggerPipelineDeps): void {
  const triggers = deps.pipelines.triggers

  api.list(TRIGGERS, {
    ability: AUTHENTICATED_IN_BODY,
    resolve: 'project',
    projectAbility: 'adminPipelineTriggers',
    params: projectParams,
    handle: async ({ caller, project, page }) => {
      const answer = await triggers.listTriggers({ caller, projectId: project.id, page })
      return { items: answer.triggers, total: answer.pageInfo?.total ?? answer.triggers.length }
    },
    present: presentTrigger,
    related: triggerOwnerIds,
  })

  api.get(TRIGGER, {
    ability: AUTHENTICATED_IN_BODY,
    resolve: 'project',
    projectAbility: 'adminPipelineTriggers',
    params: triggerParams,
    handle: async ({ caller, project, params }) => {
      const request = { caller, projectId: project.id, id: params.trigger_id }
      return requireField((await triggers.getTrigger(request)).trigger, 'trigger')
    },
    present: presentTrigger,
    related: triggerOwnerIds,
  })

  api.post(TRIGGERS, {
    ability: AUTHENTICATED_IN_BODY,
    resolve: 'project',
    projectAbility: 'adminPipelineTriggers',
    params: { ...projectParams, description: p.string().required(), expires_at: isoDateTime() },
    handle: async ({ caller, project, params }) => {
      const answer = await triggers.createTrigger({
        caller,
        projectId: project.id,
        description: params.description,
        expiresAt: params.expires_at,
      })
      return requireField(answer.trigger, 'trigger')
    },
    present: presentTrigger,
    related: triggerOwnerIds,
  })

  // No ability here: ci-triggers lets only the owner, while a Maintainer, update (403 with why).
  api.put(TRIGGER, {
    ability: AUTHENTICATED_IN_BODY,
    resolve: 'project',
    params: { ...triggerParams, description: p.string() },
    handle: async ({ caller, project, params }) => {
      const answer = await triggers.updateTrigger({
        caller,
        projectId: project.id,
        id: params.trigger_id,
        description: params.description,
      })
      return requireField(answer.trigger, 'trigger')
    },
    present: presentTrigger,
    related: triggerOwnerIds,
  })

  api.delete(TRIGGER, {
    ability: AUTHENTICATED_IN_BODY,
    resolve: 'project',
    projectAbility: 'adminPipelineTriggers',
    params: triggerParams,
    handle: async ({ caller, project, params }) => {
      await triggers.deleteTrigger({ caller, projectId: project.id, id: params.trigger_id })
    },
  })

  triggerPipelineRoutes(api, deps)
}
