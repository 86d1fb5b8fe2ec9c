import type { ColumnType, Generated } from 'kysely'

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>
type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>
/** A nullable column without a default: optional on insert (null). */
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>
/** A column with a database default: optional on insert. */
type Defaulted<T> = ColumnType<T, T | undefined, T>

export interface LabelsTable {
  id: Generated<number>
  project_id: number
  title: string
  color: Defaulted<string>
  description: Defaulted<string>
  created_at: Timestamp
  updated_at: Timestamp
}

export interface MilestonesTable {
  id: Generated<number>
  iid: number
  project_id: number
  title: string
  description: Defaulted<string>
  /** active, closed */
  state: Defaulted<string>
  /** YYYY-MM-DD */
  due_date: ColumnType<string | null, string | null | undefined, string | null>
  start_date: ColumnType<string | null, string | null | undefined, string | null>
  created_at: Timestamp
  updated_at: Timestamp
}

export interface MergeRequestsTable {
  id: Generated<number>
  iid: number
  target_project_id: number
  source_project_id: number
  title: string
  description: Defaulted<string>
  /** opened, closed, merged, locked */
  state: Defaulted<string>
  author_id: number
  source_branch: string
  target_branch: string
  milestone_id: Nullable<number>
  draft: Defaulted<boolean>
  /** unchecked, checking, can_be_merged, cannot_be_merged, cannot_be_merged_recheck */
  merge_status: Defaulted<string>
  has_conflicts: Defaulted<boolean>
  merge_status_source_sha: Nullable<string>
  merge_status_target_sha: Nullable<string>
  diverged_commits_count: Defaulted<number>
  merge_error: Nullable<string>
  merge_commit_sha: Nullable<string>
  squash_commit_sha: Nullable<string>
  squash: Defaulted<boolean>
  should_remove_source_branch: Nullable<boolean>
  force_remove_source_branch: Nullable<boolean>
  discussion_locked: Nullable<boolean>
  allow_collaboration: Defaulted<boolean>
  merge_when_pipeline_succeeds: Defaulted<boolean>
  merge_user_id: Nullable<number>
  closed_by_id: Nullable<number>
  approvals_before_merge: Nullable<number>
  head_pipeline_id: Nullable<number>
  latest_diff_id: Nullable<number>
  time_estimate: Defaulted<number>
  total_time_spent: Defaulted<number>
  upvotes: Defaulted<number>
  downvotes: Defaulted<number>
  /** Non-system notes, kept in step by the notes store. */
  user_notes_count: Defaulted<number>
  imported: Defaulted<boolean>
  created_at: Timestamp
  updated_at: Timestamp
  closed_at: NullableTimestamp
  merged_at: NullableTimestamp
  prepared_at: NullableTimestamp
  /** When merge_status last changed (the worker's sweeper looks for stuck checks). */
  /** When diff collection last ran, whatever its outcome; null until it first runs. */
  diff_collection_attempted_at: NullableTimestamp
  merge_status_changed_at: Defaulted<Date>
  merge_after: NullableTimestamp
  /** The running rebase's job (GitLab's rebase_jid) and when it was asked for. */
  rebase_jid: Nullable<string>
  rebase_requested_at: NullableTimestamp
  idempotency_key: Nullable<string>
}

export interface MergeRequestUsersTable {
  merge_request_id: number
  user_id: number
  position: Defaulted<number>
}

export interface MergeRequestReviewersTable extends MergeRequestUsersTable {
  state: Defaulted<string>
}

export interface MergeRequestLabelsTable {
  merge_request_id: number
  label_id: number
}

export interface MergeRequestDiffsTable {
  id: Generated<number>
  merge_request_id: number
  head_commit_sha: string
  base_commit_sha: string | null
  start_commit_sha: string
  /** collected, overflow, without_files */
  state: string
  real_size: string | null
  files_count: Defaulted<number>
  overflow: Defaulted<boolean>
  patch_id_sha: string | null
  created_at: Timestamp
}

export interface MergeRequestDiffCommitsTable {
  merge_request_diff_id: number
  position: number
  sha: string
  /** gitlab.projects.v1.Commit.toJSON(), trailers included */
  commit: unknown
}

export interface MergeRequestDiffFilesTable {
  merge_request_diff_id: number
  position: number
  old_path: string
  new_path: string
  a_mode: string
  b_mode: string
  diff: Defaulted<string>
  new_file: Defaulted<boolean>
  renamed_file: Defaulted<boolean>
  deleted_file: Defaulted<boolean>
  generated_file: Defaulted<boolean>
  collapsed: Defaulted<boolean>
  too_large: Defaulted<boolean>
  binary: Defaulted<boolean>
}

export interface MergeRequestBlocksTable {
  id: Generated<number>
  blocking_merge_request_id: number
  blocked_merge_request_id: number
  created_at: Timestamp
}

export interface SubscriptionsTable {
  /** Exactly one of merge_request_id and issue_id is set. */
  merge_request_id: number | null
  issue_id: number | null
  user_id: number
  subscribed: boolean
  created_at: Timestamp
  updated_at: Timestamp
}

export interface TodosTable {
  id: Generated<number>
  user_id: number
  author_id: number
  project_id: number
  merge_request_id: number
  action: string
  /** pending, done */
  state: Defaulted<string>
  body: Defaulted<string>
  created_at: Timestamp
  updated_at: Timestamp
}

export interface TimelogsTable {
  id: Generated<number>
  /** Exactly one of merge_request_id and issue_id is set. */
  merge_request_id: number | null
  issue_id: number | null
  user_id: number
  time_spent: number
  summary: string | null
  spent_at: Timestamp
  created_at: Timestamp
}

export interface ApprovalsTable {
  merge_request_id: number
  user_id: number
  created_at: Timestamp
}

export interface AwardEmojiTable {
  id: Generated<number>
  /** The awardable: exactly one of merge_request_id and issue_id is set. */
  merge_request_id: Nullable<number>
  issue_id: Nullable<number>
  user_id: number
  name: string
  created_at: Timestamp
  updated_at: Timestamp
}

/** Notes on merge requests (GitLab's notes, noteable_type MergeRequest). */
export interface NotesTable {
  id: Generated<number>
  /** The note's noteable: exactly one of merge_request_id, issue_id and commit_id is set. */
  merge_request_id: Nullable<number>
  issue_id: Nullable<number>
  /** A commit note's commit (full SHA) in project_id's repository. */
  commit_id: ColumnType<string | null, string | null | undefined, string | null>
  /** A commit comment's diff line (CommitLine), as JSON. */
  commit_line: ColumnType<unknown, string | null | undefined, string | null>
  project_id: number
  author_id: number
  body: string
  system: Defaulted<boolean>
  internal: Defaulted<boolean>
  resolvable: Defaulted<boolean>
  resolved_at: ColumnType<Date | null, Date | null | undefined, Date | null>
  resolved_by_id: ColumnType<number | null, number | null | undefined, number | null>
  created_at: Timestamp
  updated_at: Timestamp
  /** 40 hex digits; a plain note is its own (individual) discussion. */
  discussion_id: string
  /** GitLab's note class: null (a plain note), DiscussionNote or DiffNote. */
  type: ColumnType<string | null, string | null | undefined, string | null>
  /** A DiffNote's position (DiffPosition), as JSON. */
  position: ColumnType<unknown, string | null | undefined, string | null>
  /** The push (before..after) a pushed-commits system note was written for. */
  push_key: ColumnType<string | null, string | null | undefined, string | null>
}

/** GitLab's resource_state_events of merge requests. */
/** GitLab's resource_label_events of merge requests (label_id null once the label is deleted). */
export interface ResourceLabelEventsTable {
  id: Generated<number>
  merge_request_id: number
  user_id: number | null
  label_id: number | null
  /** add, remove */
  action: string
  created_at: Generated<Date>
}

/** GitLab's resource_milestone_events of merge requests. */
export interface ResourceMilestoneEventsTable {
  id: Generated<number>
  merge_request_id: number
  user_id: number | null
  milestone_id: number | null
  /** add, remove */
  action: string
  /** The request's state when it happened. */
  state: string
  created_at: Generated<Date>
}

export interface ResourceStateEventsTable {
  id: Generated<number>
  merge_request_id: number
  user_id: number | null
  /** closed, reopened, merged */
  state: string
  source_commit: ColumnType<string | null, string | null | undefined, string | null>
  source_merge_request_id: ColumnType<number | null, number | null | undefined, number | null>
  created_at: Timestamp
}

export interface EventOutboxTable {
  id: Generated<number>
  /** gitlab.projects.v1.EventRecord.toJSON() */
  payload: unknown
  idempotency_key: string
  created_at: Timestamp
  attempts: Defaulted<number>
}

export interface HookEventOutboxTable {
  id: Generated<number>
  /** runtime's HookEvent, its payload as JSON text (HOOK_EVENT_OUTBOX keeps GitLab's key order) */
  payload: unknown
  idempotency_key: string
  created_at: Timestamp
  attempts: Defaulted<number>
}

/** Merge request pipelines asked for, waiting for `merge-requests.pipelines` (PIPELINE_ASK_OUTBOX). */
export interface PipelineAskOutboxTable {
  id: Generated<number>
  /** the domain's PipelineAsk as JSON */
  payload: unknown
  idempotency_key: string
  created_at: Timestamp
  attempts: Defaulted<number>
}

/**
 * The read model of each project's access facts (from the projects service):
 * who holds read_merge_request there, for lists that span projects.
 */
export interface ProjectAccessFactsTable {
  project_id: number
  /** The groups above the project, top first (bigint[]: read back as strings). */
  group_ids: ColumnType<string[], number[], number[]>
  owner_user_id: Nullable<number>
  archived: boolean
  read_merge_request_admin: boolean
  read_merge_request_anonymous: boolean
  read_merge_request_signed_in: boolean
  /** gitlab.common.v1.AccessLevel; 0 when membership adds nothing. */
  read_merge_request_member_min_level: number
  read_issue_admin: Defaulted<boolean>
  read_issue_anonymous: Defaulted<boolean>
  read_issue_signed_in: Defaulted<boolean>
  read_issue_member_min_level: Defaulted<number>
  version: number
  updated_at: Timestamp
}

/** GitLab's issues (iid per project, apart from merge requests'). */
export interface IssuesTable {
  id: Generated<number>
  project_id: number
  iid: number
  author_id: number
  title: string
  description: Nullable<string>
  /** opened, closed */
  state: Defaulted<string>
  confidential: Defaulted<boolean>
  discussion_locked: Nullable<boolean>
  /** YYYY-MM-DD */
  due_date: Nullable<string>
  milestone_id: Nullable<number>
  closed_at: NullableTimestamp
  closed_by_id: Nullable<number>
  created_at: Timestamp
  updated_at: Timestamp
  /** User (non-system) notes, kept in step by the notes store. */
  user_notes_count: Defaulted<number>
  time_estimate: Defaulted<number>
  total_time_spent: Defaulted<number>
  /** thumbsup and thumbsdown awards, kept in step by the award emoji store. */
  upvotes: Defaulted<number>
  downvotes: Defaulted<number>
}

export interface IssueAssigneesTable {
  issue_id: number
  user_id: number
  position: Defaulted<number>
}

export interface IssueLabelsTable {
  issue_id: number
  label_id: number
}

/** Every table of the `merge_requests` schema. */
export interface Database {
  labels: LabelsTable
  milestones: MilestonesTable
  merge_requests: MergeRequestsTable
  merge_request_assignees: MergeRequestUsersTable
  merge_request_reviewers: MergeRequestReviewersTable
  merge_request_labels: MergeRequestLabelsTable
  merge_request_diffs: MergeRequestDiffsTable
  merge_request_diff_commits: MergeRequestDiffCommitsTable
  merge_request_diff_files: MergeRequestDiffFilesTable
  merge_request_blocks: MergeRequestBlocksTable
  subscriptions: SubscriptionsTable
  todos: TodosTable
  timelogs: TimelogsTable
  approvals: ApprovalsTable
  award_emoji: AwardEmojiTable
  notes: NotesTable
  resource_state_events: ResourceStateEventsTable
  resource_label_events: ResourceLabelEventsTable
  resource_milestone_events: ResourceMilestoneEventsTable
  event_outbox: EventOutboxTable
  hook_event_outbox: HookEventOutboxTable
  pipeline_ask_outbox: PipelineAskOutboxTable
  project_access_facts: ProjectAccessFactsTable
  issues: IssuesTable
  issue_assignees: IssueAssigneesTable
  issue_labels: IssueLabelsTable
}
