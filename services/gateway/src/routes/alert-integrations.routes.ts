import type { AlertIntegration, Project } from '@suite/proto'
import { AUTHENTICATED } from '../auth/abilities.js'
import type { AlertingClients } from '../clients/alerting.client.js'
import { requireField } from '../clients/require-field.js'
import {
  presentAlertIntegration,
  type AlertIntegrationItem,
} from '../entities/alert-integration.entity.js'
import {
  attributePaths,
  createIntegrationParams,
  integrationPathParams,
  updateIntegrationParams,
  updateIntegrationRules,
} from '../params/alert-integration-params.js'
import { p } from '../params/coercions.js'
import type { ApiRouter } from './api-router.js'
import { inMemoryPage } from './in-memory-page.js'

const INTEGRATIONS = '/projects/:id/alert_management/integrations'
const INTEGRATION = `${INTEGRATIONS}/:integration_id`

/** An answer's integration with the project its URL needs; the answer must carry one. */
function item(integration: AlertIntegration | undefined, project: Project): AlertIntegrationItem {
  return { integration: requireField(integration, 'integration'), project }
}

/** Every integration route: signed in (401), the project readable (404), Maintainer (403). */
const guarded = {
  ability: AUTHENTICATED,
  resolve: 'project',
  projectAbility: 'adminAlertIntegrations',
  present: presentAlertIntegration,
} as const

/**
 * This suite's REST extension for alert integrations (GitLab configures them
 * in its UI and GraphQL): list, create, show, update, reset the key, delete.
 * Answers carry the authorization key, so none is cached.
 */
export function alertIntegrationRoutes(api: ApiRouter, alerting: AlertingClients): void {
  const { read, write } = alerting.integrations

  api.list(INTEGRATIONS, {
    ...guarded,
    params: { id: p.string().required() },
    handle: async ({ caller, project, page }) => {
      const { integrations } = await read.listIntegrations({ caller, projectId: project.id })
      // The service answers every integration of the project (a handful); pages are cut here.
      const items = integrations.map((integration) => ({ integration, project }))
      return inMemoryPage(items, page)
    },
  })

  api.post(INTEGRATIONS, {
    ...guarded,
    params: createIntegrationParams,
    handle: async ({ caller, project, params }) => {
      const answer = await write.createIntegration({
        caller,
        projectId: project.id,
        name: params.name ?? '',
        type: params.type,
        active: params.active,
        payloadAttributeMappings: attributePaths(params.payload_attribute_mappings),
      })
      return item(answer.integration, project)
    },
  })

  api.get(INTEGRATION, {
    ...guarded,
    params: integrationPathParams,
    handle: async ({ caller, project, params }) => {
      const request = { caller, projectId: project.id, id: params.integration_id }
      return item((await read.getIntegration(request)).integration, project)
    },
  })

  api.put(INTEGRATION, {
    ...guarded,
    params: updateIntegrationParams,
    rules: updateIntegrationRules,
    handle: async ({ caller, project, params }) => {
      const answer = await write.updateIntegration({
        caller,
        projectId: project.id,
        id: params.integration_id,
        name: params.name,
        active: params.active,
        payloadAttributeMappings: attributePaths(params.payload_attribute_mappings),
        setMappings: params.payload_attribute_mappings !== undefined,
      })
      return item(answer.integration, project)
    },
  })

  // A new key, shown once in the answer; `status :ok` as an action on a resource.
  api.post(`${INTEGRATION}/reset_token`, {
    ...guarded,
    status: 200,
    params: integrationPathParams,
    handle: async ({ caller, project, params }) => {
      const request = { caller, projectId: project.id, id: params.integration_id }
      return item((await write.resetIntegrationToken(request)).integration, project)
    },
  })

  api.delete(INTEGRATION, {
    ability: AUTHENTICATED,
    resolve: 'project',
    projectAbility: 'adminAlertIntegrations',
    params: integrationPathParams,
    handle: async ({ caller, project, params }) => {
      await write.deleteIntegration({ caller, projectId: project.id, id: params.integration_id })
    },
  })
}
