export const ALERT_STATUSES = ['triggered', 'acknowledged', 'resolved', 'ignored'] as const
export type AlertStatus = (typeof ALERT_STATUSES)[number]

/** AlertManagement::Alert's severity enum, in its order (critical = 0). */
export const SEVERITIES = ['critical', 'high', 'medium', 'low', 'info', 'unknown'] as const
export type Severity = (typeof SEVERITIES)[number]

/** GitLab's AlertManagement::Alert limits. */
export const TITLE_MAX_LENGTH = 200
export const DESCRIPTION_MAX_LENGTH = 1_000
export const SERVICE_MAX_LENGTH = 100
export const TOOL_MAX_LENGTH = 100
export const HOSTS_MAX_LENGTH = 255

/** A JSON object as a payload arrives. */
export type JsonObject = { [key: string]: unknown }

export interface Alert {
  id: number
  iid: number
  projectId: number
  integrationId: number | null
  title: string
  description: string | null
  severity: Severity
  status: AlertStatus
  startedAt: Date
  endedAt: Date | null
  eventCount: number
  fingerprint: string | null
  monitoringTool: string | null
  service: string | null
  hosts: string[]
  environment: string | null
  runbook: string | null
  payload: JsonObject
  assigneeIds: number[]
  createdAt: Date
  updatedAt: Date
}

/** What one payload (or one item of a Prometheus notification) says about an alert. */
export interface ParsedAlert {
  title: string
  description: string | null
  severity: Severity
  startedAt: Date
  /** Set when the payload resolves the alert. */
  endedAt: Date | null
  resolved: boolean
  /** SHA-1 hex; null when the payload gives nothing to group by. */
  fingerprint: string | null
  monitoringTool: string | null
  service: string | null
  hosts: string[]
  environment: string | null
  runbook: string | null
  payload: JsonObject
}

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
