import type { ColumnType, Generated } from 'kysely'
import type { ListAbility } from '../domain/access-requirements.js'
import type { Feature, Flag } from '../domain/project-settings.js'

/** A column the database fills on insert (default) that may be set later. */
type Defaulted<T> = ColumnType<T, T | undefined, T>
/** A nullable column, null unless given. */
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>
/** int8[] arrives from pg as strings; it is written as numbers. */
type IdArray = ColumnType<(string | number)[], number[], number[]>

type AccessLevelColumns = { [F in Feature as `${F}_access_level`]: Defaulted<string> }
type FlagColumns = { [K in Flag]: Defaulted<boolean> }

/** The column prefix of each list ability's Requirement (gitlab.common.v1.Requirement). */
export const REQUIREMENT_PREFIX = {
  readProject: 'read_project',
  readCode: 'read_code',
  readMergeRequest: 'read_merge_request',
  readIssue: 'read_issue',
} as const satisfies Record<ListAbility, string>

export type RequirementPrefix = (typeof REQUIREMENT_PREFIX)[ListAbility]

/**
 * Who holds each list ability, as the policy table gives it, written with
 * every save of the project so that lists filter in SQL: admin, anonymous,
 * signed_in and min_level (members from this level up; 0: none).
 */
type RequirementColumns = {
  [P in RequirementPrefix as `${P}_admin` | `${P}_anonymous` | `${P}_signed_in`]: Defaulted<boolean>
} & { [P in RequirementPrefix as `${P}_min_level`]: Defaulted<number> }

export type ProjectsTable = {
  id: Generated<number>
  namespace_id: number
  namespace_full_path: string
  namespace_full_name: string
  /** user or group */
  namespace_kind: string
  namespace_parent_id: Nullable<number>
  /** The namespace and the groups above it, root first (empty for a user namespace). */
  namespace_traversal_ids: IdArray
  /** The owner of a personal namespace. */
  owner_id: Nullable<number>
  path: string
  full_path: string
  name: string
  description: Nullable<string>
  visibility_level: number
  creator_id: number
  default_branch: Nullable<string>
  archived: Defaulted<boolean>
  import_url: Nullable<string>
  import_type: Nullable<string>
  import_status: Defaulted<string>
  import_error: Nullable<string>
  star_count: Defaulted<number>
  /** The project this one was forked from; null when not a fork (or its upstream is gone). */
  forked_from_project_id: Nullable<number>
  /** Direct forks, moved with each fork's insert. */
  forks_count: Defaulted<number>
  merge_method: Defaulted<string>
  squash_option: Defaulted<string>
  ci_config_path: Nullable<string>
  build_timeout: Defaulted<number>
  ci_default_git_depth: Defaulted<number>
  suggestion_commit_message: Nullable<string>
  merge_commit_template: Nullable<string>
  squash_commit_template: Nullable<string>
  issue_branch_template: Nullable<string>
  auto_cancel_pending_pipelines: Defaulted<string>
  auto_devops_deploy_strategy: Defaulted<string>
  approvals_before_merge: Defaulted<number>
  external_authorization_classification_label: Nullable<string>
  runners_token: string
  ci_pipeline_variables_minimum_override_role: Defaulted<string>
  ci_id_token_sub_claim_components: Defaulted<string[]>
  /** The container expiration policy (cep_*). */
  cep_cadence: Defaulted<string>
  cep_enabled: Defaulted<boolean>
  cep_keep_n: Nullable<number>
  cep_older_than: Nullable<string>
  cep_name_regex: Nullable<string>
  cep_name_regex_keep: Nullable<string>
  build_git_strategy: Defaulted<string>
  max_artifacts_size: Nullable<number>
  ci_delete_pipelines_in_seconds: Nullable<number>
  mirror_user_id: Nullable<number>
  repository_storage: Defaulted<string>
  avatar_filename: Nullable<string>
  repository_object_format: Defaulted<string>
  last_activity_at: Timestamp
  created_at: Timestamp
  updated_at: Timestamp
  /** Grows with every update (ProjectAccessFacts.version). */
  version: Defaulted<number>
  /** Set when the project is deleted: hidden from every read until its cleanup removes the row. */
  pending_delete: Defaulted<boolean>
} & AccessLevelColumns &
  FlagColumns &
  RequirementColumns

export interface TopicsTable {
  id: Generated<number>
  name: string
  created_at: Timestamp
}

export interface ProjectTopicsTable {
  project_id: number
  topic_id: number
  /** The topic's place in the project's list, as given. */
  position: number
}

/** A project's uploaded avatar image (at most one). */
export interface ProjectAvatarsTable {
  project_id: number
  filename: string
  content_type: string
  content: Buffer
  updated_at: Timestamp
}

/**
 * Projects whose access facts changed, written in the transaction of the
 * change (the transactional outbox); the relay publishes each project's
 * current facts on `projects.access-facts` and deletes the row.
 */
export interface AccessFactsOutboxTable {
  id: Generated<number>
  project_id: number
  created_at: Timestamp
  attempts: Defaulted<number>
}

/** Tables of projects, settings, topics and avatars. */
export interface ProjectTables {
  projects: ProjectsTable
  topics: TopicsTable
  project_topics: ProjectTopicsTable
  project_avatars: ProjectAvatarsTable
  access_facts_outbox: AccessFactsOutboxTable
}
