import type { Selectable } from 'kysely'
import {
  ALERT_STATUSES,
  SEVERITIES,
  isJsonObject,
  type Alert,
  type ParsedAlert,
} from '../domain/alert.js'
import type { AlertManagementAlertsTable } from './schema.js'

export type AlertRow = Selectable<AlertManagementAlertsTable>

/** A stored row as the domain's alert. */
export function toAlert(row: AlertRow): Alert {
  return {
    id: Number(row.id),
    iid: row.iid,
    projectId: Number(row.project_id),
    integrationId: row.integration_id === null ? null : Number(row.integration_id),
    title: row.title,
    description: row.description,
    severity: SEVERITIES.find((severity) => severity === row.severity) ?? 'critical',
    status: ALERT_STATUSES.find((status) => status === row.status) ?? 'triggered',
    startedAt: row.started_at,
    endedAt: row.ended_at,
    eventCount: row.event_count,
    fingerprint: row.fingerprint,
    monitoringTool: row.monitoring_tool,
    service: row.service,
    hosts: row.hosts,
    environment: row.environment,
    runbook: row.runbook,
    payload: isJsonObject(row.payload) ? row.payload : {},
    assigneeIds: row.assignee_ids.map(Number),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}

/** The columns of a new alert from a parsed payload (status triggered, one event). */
export function newAlertValues(
  projectId: number,
  iid: number,
  integrationId: number,
  parsed: ParsedAlert,
) {
  return {
    project_id: projectId,
    iid,
    integration_id: integrationId,
    title: parsed.title,
    description: parsed.description,
    severity: parsed.severity,
    status: 'triggered',
    started_at: parsed.startedAt,
    ended_at: null,
    fingerprint: parsed.fingerprint,
    monitoring_tool: parsed.monitoringTool,
    service: parsed.service,
    hosts: parsed.hosts,
    environment: parsed.environment,
    runbook: parsed.runbook,
    payload: JSON.stringify(parsed.payload),
  }
}
