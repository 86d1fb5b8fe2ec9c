import type { ColumnType, Generated } from 'kysely'

/** A column the database fills on insert (default) that may be set later. */
type Defaulted<T> = ColumnType<T, T | undefined, T>
/** A nullable column, null unless given. */
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>
/** jsonb: written as JSON text, read back parsed. */
type Json = ColumnType<unknown, string, string>

export interface AlertManagementHttpIntegrationsTable {
  id: Generated<number>
  project_id: number
  name: string
  type: string
  active: boolean
  endpoint_identifier: string
  /** SecretBox.seal of the authorization key. */
  token_encrypted: string
  payload_attribute_mappings: ColumnType<unknown, string | undefined, string>
  created_at: Defaulted<Date>
  updated_at: Defaulted<Date>
}

export interface AlertManagementAlertsTable {
  id: Generated<number>
  project_id: number
  iid: number
  integration_id: Nullable<number>
  title: string
  description: Nullable<string>
  severity: string
  status: string
  started_at: Date
  ended_at: Nullable<Date>
  event_count: Defaulted<number>
  fingerprint: Nullable<string>
  monitoring_tool: Nullable<string>
  service: Nullable<string>
  hosts: Defaulted<string[]>
  environment: Nullable<string>
  runbook: Nullable<string>
  payload: Json
  assignee_ids: Defaulted<number[]>
  created_at: Defaulted<Date>
  updated_at: Defaulted<Date>
}

export interface AlertEventsTable {
  id: Generated<number>
  alert_id: number
  project_id: number
  kind: string
  integration_type: string
  payload_digest: string
  created_at: Defaulted<Date>
  relayed_at: Nullable<Date>
  processed_at: Nullable<Date>
}

export interface InternalIdsTable {
  usage: string
  project_id: number
  last_value: number
}

/** Every table of the `alerting` schema. */
export interface Database {
  alert_management_http_integrations: AlertManagementHttpIntegrationsTable
  alert_management_alerts: AlertManagementAlertsTable
  alert_events: AlertEventsTable
  internal_ids: InternalIdsTable
}
