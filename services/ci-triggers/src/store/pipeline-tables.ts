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
}

/** GitLab's internal_ids: the last per-project iid handed out, by usage. */
export interface InternalIdsTable {
  /** ci_pipelines, ... */
  usage: string
  project_id: number
  last_value: number
}

/** Tables of pipelines and what they share. */
export interface PipelineTables {
  pipelines: PipelinesTable
  internal_ids: InternalIdsTable
}
