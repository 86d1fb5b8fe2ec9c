import type { ColumnType, Generated } from 'kysely'

/** A column the database fills on insert (default) that may be set later. */
type Defaulted<T> = ColumnType<T, T | undefined, T>
/** A nullable column, null unless given. */
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>

/** GitLab's ci_runners; the token kept only as its digest. */
export interface RunnersTable {
  id: Generated<number>
  token_digest: string
  runner_type: string
  description: Defaulted<string>
  paused: Defaulted<boolean>
  locked: Defaulted<boolean>
  run_untagged: Defaulted<boolean>
  tag_list: Defaulted<string[]>
  access_level: Defaulted<string>
  maximum_timeout: Nullable<number>
  maintenance_note: Nullable<string>
  group_id: Nullable<number>
  group_path: Nullable<string>
  creator_id: Nullable<number>
  created_at: Defaulted<Date>
  updated_at: Defaulted<Date>
  token_expires_at: Nullable<Date>
  contacted_at: Nullable<Date>
  name: Nullable<string>
  version: Nullable<string>
  revision: Nullable<string>
  platform: Nullable<string>
  architecture: Nullable<string>
  executor: Nullable<string>
  ip_address: Nullable<string>
  system_id: Nullable<string>
}

/** GitLab's ci_runner_projects: the projects a project runner serves. */
export interface RunnerProjectsTable {
  runner_id: number
  project_id: number
  created_at: Defaulted<Date>
}

/** A job's log, appended as the runner sends it. */
export interface JobTracesTable {
  job_id: number
  content: Defaulted<Buffer>
  updated_at: Defaulted<Date>
}

/** The job token scope's inbound allowlist: `source_project_id`'s jobs may reach `project_id`. */
export interface JobTokenAllowlistTable {
  project_id: number
  source_project_id: number
  created_at: Defaulted<Date>
}

/** The groups allowlist: jobs of projects in `target_group_id` (or below) may reach `project_id`. */
export interface JobTokenGroupAllowlistTable {
  project_id: number
  target_group_id: number
  created_at: Defaulted<Date>
}

/** A project's ci_inbound_job_token_scope_enabled; no row: enabled. */
export interface JobTokenScopesTable {
  project_id: number
  inbound_enabled: boolean
  updated_at: Defaulted<Date>
}

/** Running jobs' deadlines waiting for the `ci.job-deadlines` queue. */
export interface JobDeadlineOutboxTable {
  id: Generated<number>
  payload: unknown
  idempotency_key: string
  created_at: Defaulted<Date>
  attempts: Generated<number>
}

export interface RunnerTables {
  runners: RunnersTable
  runner_projects: RunnerProjectsTable
  job_traces: JobTracesTable
  job_token_allowlist: JobTokenAllowlistTable
  job_token_group_allowlist: JobTokenGroupAllowlistTable
  job_token_scopes: JobTokenScopesTable
  job_deadline_outbox: JobDeadlineOutboxTable
}
