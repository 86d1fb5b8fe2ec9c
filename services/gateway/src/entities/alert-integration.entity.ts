import type { AlertIntegration, AttributePath, Project } from '@suite/proto'
import { parameterize } from './name-slug.js'
import type { PresentContext } from './present-context.js'

/** An integration with the project its URL is built under. */
export interface AlertIntegrationItem {
  integration: AlertIntegration
  project: Project
}

/** The alert fields mapped to payload paths, as sent: `{title: ["path","to","key"]}`. */
export type PayloadAttributeMappingsJson = Record<string, string[]>

export interface AlertIntegrationJson {
  id: number
  name: string
  type: string
  active: boolean
  url: string
  token: string
  payload_attribute_mappings: PayloadAttributeMappingsJson
}

function projectUrl(project: Project, ctx: PresentContext): string {
  return `${ctx.externalUrl}/${project.namespaceFullPath}/${project.path}`
}

/**
 * The URL an integration is posted to (HttpIntegration#url): the prometheus
 * one under `prometheus/alerts/notify.json`, an http one under its name's
 * slug and endpoint identifier.
 */
export function alertIntegrationUrl(item: AlertIntegrationItem, ctx: PresentContext): string {
  const { integration, project } = item
  if (integration.type === 'prometheus') {
    return `${projectUrl(project, ctx)}/prometheus/alerts/notify.json`
  }
  const slug = parameterize(integration.name)
  return `${projectUrl(project, ctx)}/alerts/notify/${slug}/${integration.endpointIdentifier}.json`
}

function presentMappings(
  mappings: Readonly<Record<string, AttributePath>>,
): PayloadAttributeMappingsJson {
  return Object.fromEntries(
    Object.entries(mappings)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([field, { path }]) => [field, [...path]]),
  )
}

/**
 * An alert integration as this suite's REST extension shows it, with the
 * names of GitLab's AlertManagementIntegration GraphQL type in snake case;
 * only Maintainers reach it, so the key is shown in full as GitLab does.
 */
export function presentAlertIntegration(
  item: AlertIntegrationItem,
  ctx: PresentContext,
): AlertIntegrationJson {
  const { integration } = item
  return {
    id: integration.id,
    name: integration.name,
    type: integration.type,
    active: integration.active,
    url: alertIntegrationUrl(item, ctx),
    token: integration.token,
    payload_attribute_mappings: presentMappings(integration.payloadAttributeMappings),
  }
}
