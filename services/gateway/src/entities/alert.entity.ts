import type { Alert, Project } from '@suite/proto'
import { alertDetails, payloadObject } from './alert-details.js'
import { isoTime, type PresentContext } from './present-context.js'
import { presentRelatedUsers } from './related-user.js'
import type { UserBasicJson } from './user-basic.entity.js'

/** An alert with the project its links are built under. */
export interface AlertItem {
  alert: Alert
  project: Project
}

export interface AlertJson {
  id: number
  iid: number
  project_id: number
  title: string
  description: string | null
  severity: string
  status: string
  started_at: string | null
  ended_at: string | null
  event_count: number
  fingerprint: string | null
  monitoring_tool: string | null
  service: string | null
  hosts: string[]
  environment: string | null
  runbook: string | null
  created_at: string | null
  updated_at: string | null
  assignees: UserBasicJson[]
  details: Record<string, unknown>
  payload: Record<string, unknown>
  web_url: string
}

/** A text column GitLab leaves nil when the payload had nothing for it. */
function textOrNull(value: string): string | null {
  return value === '' ? null : value
}

/**
 * An alert (AlertManagement::Alert) with the field names of GitLab's
 * AlertManagementAlert GraphQL type in snake case; severity and status in
 * lower case as the model stores them, `details` the payload's other
 * attributes flattened, `payload` the last payload received.
 */
export function presentAlert(item: AlertItem, ctx: PresentContext): AlertJson {
  const { alert, project } = item
  const payload = payloadObject(alert.payloadJson)
  return {
    id: alert.id,
    iid: alert.iid,
    project_id: alert.projectId,
    title: alert.title,
    description: textOrNull(alert.description),
    severity: alert.severity,
    status: alert.status,
    started_at: isoTime(alert.startedAt),
    ended_at: isoTime(alert.endedAt),
    event_count: alert.eventCount,
    fingerprint: textOrNull(alert.fingerprint),
    monitoring_tool: textOrNull(alert.monitoringTool),
    service: textOrNull(alert.service),
    hosts: [...alert.hosts],
    environment: textOrNull(alert.environment),
    runbook: textOrNull(alert.runbook),
    created_at: isoTime(alert.createdAt),
    updated_at: isoTime(alert.updatedAt),
    assignees: presentRelatedUsers(alert.assigneeIds, ctx),
    details: alertDetails(payload),
    payload,
    web_url: `${ctx.externalUrl}/${project.namespaceFullPath}/${project.path}/-/alert_management/${alert.iid}/details`,
  }
}

/** The assignees, for `related`. */
export function alertAssigneeIds(item: AlertItem): number[] {
  return [...item.alert.assigneeIds]
}
