import type { ColumnType, Generated } from 'kysely'

/** A column the database fills on insert (default) that may be set later. */
type Defaulted<T> = ColumnType<T, T | undefined, T>
/** A nullable column, null unless given. */
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>

/** GitLab's ci_pipelines. */
export interface PipelinesTable {
  id: Generated<number>
  iid: number
  project_id: number
  sha: string
  ref: string
  /** created, pending, running, success, failed, canceled, skipped, manual, ... */
  status: string
  /** push, web, trigger, api, merge_request_event, ... */
  source: string
  user_id: Nullable<number>
  created_at: Defaulted<Date>
  updated_at: Defaulted<Date>
  started_at: Nullable<Date>
  finished_at: Nullable<Date>
  committed_at: Nullable<Date>
  duration: Nullable<number>
  queued_duration: Nullable<number>
  coverage: Nullable<string>
  before_sha: Defaulted<string>
  tag: Defaulted<boolean>
  yaml_errors: Nullable<string>
  merge_request_id: Nullable<number>
  name: Nullable<string>
  idempotency_key: Nullable<string>
  /** The trigger token that started it. */
  trigger_id: Nullable<number>
  /** config_error, ... (Ci::Pipeline failure_reason). */
  failure_reason: Nullable<string>
  /** Set on a pipeline a job token triggered: its upstream job, pipeline and project. */
  source_job_id: Nullable<number>
  source_pipeline_id: Nullable<number>
  source_project_id: Nullable<number>
  /** JSON object: the CI_* variables the pipeline was created with, for its jobs. */
  predefined_variables: ColumnType<Record<string, string>, string | undefined, string>
}

/** GitLab's ci_builds. */
export interface JobsTable {
  id: Generated<number>
  project_id: number
  pipeline_id: number
  name: string
  stage: string
  stage_idx: number
  status: string
  ref: string
  tag: Defaulted<boolean>
  sha: string
  when: Defaulted<string>
  allow_failure: Defaulted<boolean>
  /** JSON array of job names, or null for stage order. */
  needs: ColumnType<string[] | null, string | null | undefined, string | null>
  user_id: Nullable<number>
  created_at: Defaulted<Date>
  updated_at: Defaulted<Date>
  queued_at: Nullable<Date>
  started_at: Nullable<Date>
  finished_at: Nullable<Date>
  erased_at: Nullable<Date>
  coverage: Nullable<string>
  failure_reason: Nullable<string>
  tag_list: Defaulted<string[]>
  retried: Defaulted<boolean>
  runner_id: Nullable<number>
  /** JSON object: what the runner needs. */
  options: ColumnType<Record<string, unknown>, string | undefined, string>
  /** JSON object of the job's configuration variables. */
  yaml_variables: ColumnType<Record<string, string>, string | undefined, string>
  /** SHA-256 of the job token, while the job holds one. */
  token_digest: Nullable<string>
  /** Seconds the runner may run it (the runner's maximum_timeout caps the project's). */
  timeout: Nullable<number>
  exit_code: Nullable<number>
  runner_system_id: Nullable<string>
  /** build (from .gitlab-ci.yml) or generic (a commit status an external system reports). */
  type: Defaulted<string>
  target_url: Nullable<string>
  description: Nullable<string>
}

/** GitLab's ci_pipeline_variables: what a pipeline was created with. */
export interface PipelineVariablesTable {
  id: Generated<number>
  pipeline_id: number
  key: string
  value: string
  variable_type: Defaulted<string>
}

/** GitLab's internal_ids: the last per-project iid handed out, by usage. */
export interface InternalIdsTable {
  /** ci_pipelines, ... */
  usage: string
  project_id: number
  last_value: number
}

/** New branch pipelines waiting for `ci.pipeline-created` (runtime's PIPELINE_CREATED_OUTBOX). */
export interface PipelineCreatedOutboxTable {
  id: Generated<number>
  /** gitlab.ci.v1.PipelineCreated in its JSON form */
  payload: unknown
  idempotency_key: string
  created_at: Defaulted<Date>
  attempts: Generated<number>
}

/** Pipelines' webhook events waiting for `projects.hook-events` (runtime's HOOK_EVENT_OUTBOX). */
export interface HookEventOutboxTable {
  id: Generated<number>
  /** runtime's HookEvent */
  payload: unknown
  idempotency_key: string
  created_at: Defaulted<Date>
  attempts: Generated<number>
}

/** Tables of pipelines and what they share. */
export interface PipelineTables {
  pipelines: PipelinesTable
  internal_ids: InternalIdsTable
  jobs: JobsTable
  pipeline_variables: PipelineVariablesTable
  pipeline_created_outbox: PipelineCreatedOutboxTable
  hook_event_outbox: HookEventOutboxTable
}
