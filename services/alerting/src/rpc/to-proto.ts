import type { Alert as AlertMessage, AlertIntegration, AttributePath } from '@suite/proto'
import type { Alert } from '../domain/alert.js'
import type { Integration } from '../domain/integration.js'

export function toIntegrationMessage(integration: Integration): AlertIntegration {
  const mappings: Record<string, AttributePath> = {}
  for (const [field, path] of Object.entries(integration.payloadAttributeMappings)) {
    if (path) mappings[field] = { path: [...path] }
  }
  return {
    id: integration.id,
    projectId: integration.projectId,
    name: integration.name,
    type: integration.type,
    active: integration.active,
    endpointIdentifier: integration.endpointIdentifier,
    token: integration.token,
    payloadAttributeMappings: mappings,
    createdAt: integration.createdAt,
    updatedAt: integration.updatedAt,
  }
}

export function toAlertMessage(alert: Alert): AlertMessage {
  return {
    id: alert.id,
    iid: alert.iid,
    projectId: alert.projectId,
    title: alert.title,
    description: alert.description ?? '',
    severity: alert.severity,
    status: alert.status,
    startedAt: alert.startedAt,
    endedAt: alert.endedAt ?? undefined,
    eventCount: alert.eventCount,
    fingerprint: alert.fingerprint ?? '',
    monitoringTool: alert.monitoringTool ?? '',
    service: alert.service ?? '',
    hosts: alert.hosts,
    environment: alert.environment ?? '',
    payloadJson: JSON.stringify(alert.payload),
    createdAt: alert.createdAt,
    updatedAt: alert.updatedAt,
    assigneeIds: alert.assigneeIds,
    runbook: alert.runbook ?? '',
    integrationId: alert.integrationId ?? undefined,
  }
}
