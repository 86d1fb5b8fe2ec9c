import type { ColumnType, Generated } from 'kysely'

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>
type Json<T> = ColumnType<T, string, string>

/** A project webhook (GitLab's web_hooks row of a ProjectHook). */
export interface WebHooksTable {
  id: Generated<number>
  project_id: number
  /** SecretBox ciphertext of the url. */
  url_ciphertext: string
  /** SecretBox ciphertext of the secret token, sent as X-Gitlab-Token. */
  token_ciphertext: string | null
  name: string | null
  description: string | null
  /** *_events flag name -> on. */
  events: Json<Record<string, boolean>>
  enable_ssl_verification: Generated<boolean>
  push_events_branch_filter: string | null
  branch_filter_strategy: Generated<string>
  recent_failures: Generated<number>
  disabled_until: Date | null
  created_at: Timestamp
}

/** One delivery attempt of a hook (GitLab's WebHookLog). */
export interface WebHookLogsTable {
  id: Generated<number>
  web_hook_id: number
  trigger: string
  url: string
  request_headers: Json<Record<string, string>>
  request_data: Json<unknown>
  response_headers: Json<Record<string, string>>
  response_body: string
  response_status: string
  execution_duration: number
  internal_error_message: string | null
  created_at: Timestamp
}

/** Hook events of the repository role waiting for `projects.hook-events` (HOOK_EVENT_OUTBOX). */
export interface HookEventOutboxTable {
  id: Generated<number>
  payload: unknown
  idempotency_key: string
  created_at: Timestamp
  attempts: Generated<number>
}

/** The one row of instance-wide settings projects owns. */
export interface InstanceSettingsTable {
  id: number
  allow_local_requests_from_web_hooks_and_services: Generated<boolean>
  /** The other ApplicationSetting values administrators set, by GitLab's name. */
  settings: Generated<Record<string, unknown>>
  created_at: Generated<Date>
  updated_at: Timestamp
}

/** Tables of project webhooks and their deliveries. */
export interface HookTables {
  web_hooks: WebHooksTable
  web_hook_logs: WebHookLogsTable
  hook_event_outbox: HookEventOutboxTable
  instance_settings: InstanceSettingsTable
}
