/** merge_requests rows and the domain's merge requests, both ways. */
import type { Insertable, Selectable, Updateable } from 'kysely'
import type { MergeRequest, MergeRequestChanges, NewMergeRequest } from '../domain/merge-request.js'
import { rebaseRunning } from '../domain/rebase.js'
import type { MergeRequestsTable } from './schema.js'

export type MergeRequestRow = Selectable<MergeRequestsTable>

export function toMergeRequest(row: MergeRequestRow): MergeRequest {
  return {
    id: row.id,
    iid: row.iid,
    targetProjectId: row.target_project_id,
    sourceProjectId: row.source_project_id,
    title: row.title,
    description: row.description,
    state: row.state,
    authorId: row.author_id,
    sourceBranch: row.source_branch,
    targetBranch: row.target_branch,
    milestoneId: row.milestone_id,
    draft: row.draft,
    mergeStatus: row.merge_status,
    hasConflicts: row.has_conflicts,
    mergeStatusSourceSha: row.merge_status_source_sha,
    mergeStatusTargetSha: row.merge_status_target_sha,
    divergedCommitsCount: row.diverged_commits_count,
    mergeError: row.merge_error,
    mergeCommitSha: row.merge_commit_sha,
    squashCommitSha: row.squash_commit_sha,
    squash: row.squash,
    shouldRemoveSourceBranch: row.should_remove_source_branch,
    forceRemoveSourceBranch: row.force_remove_source_branch,
    discussionLocked: row.discussion_locked,
    allowCollaboration: row.allow_collaboration,
    mergeWhenPipelineSucceeds: row.merge_when_pipeline_succeeds,
    mergeUserId: row.merge_user_id,
    closedById: row.closed_by_id,
    approvalsBeforeMerge: row.approvals_before_merge,
    headPipelineId: row.head_pipeline_id,
    latestDiffId: row.latest_diff_id,
    timeEstimate: row.time_estimate,
    totalTimeSpent: row.total_time_spent,
    upvotes: row.upvotes,
    userNotesCount: row.user_notes_count,
    downvotes: row.downvotes,
    imported: row.imported,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    closedAt: row.closed_at,
    mergedAt: row.merged_at,
    preparedAt: row.prepared_at,
    mergeAfter: row.merge_after,
    rebaseInProgress: rebaseRunning(row.rebase_jid, row.rebase_requested_at),
  }
}

/** The columns of a new merge request (its iid is the store's). */
export function newMergeRequestRow(
  values: NewMergeRequest,
): Omit<Insertable<MergeRequestsTable>, 'iid'> {
  return {
    target_project_id: values.targetProjectId,
    source_project_id: values.sourceProjectId,
    title: values.title,
    description: values.description,
    author_id: values.authorId,
    source_branch: values.sourceBranch,
    target_branch: values.targetBranch,
    milestone_id: values.milestoneId,
    draft: values.draft,
    merge_status: values.mergeStatus,
    squash: values.squash,
    force_remove_source_branch: values.forceRemoveSourceBranch,
    allow_collaboration: values.allowCollaboration,
    discussion_locked: values.discussionLocked,
    approvals_before_merge: values.approvalsBeforeMerge,
    merge_after: values.mergeAfter,
    idempotency_key: values.idempotencyKey,
  }
}

/** The columns an update writes; Kysely leaves the undefined ones out. */
export function mergeRequestPatch(changes: MergeRequestChanges): Updateable<MergeRequestsTable> {
  return {
    title: changes.title,
    draft: changes.draft,
    description: changes.description,
    target_branch: changes.targetBranch,
    state: changes.state,
    merge_status: changes.mergeStatus,
    merge_status_changed_at: changes.mergeStatusChangedAt,
    force_remove_source_branch: changes.forceRemoveSourceBranch,
    squash: changes.squash,
    allow_collaboration: changes.allowCollaboration,
    approvals_before_merge: changes.approvalsBeforeMerge,
    discussion_locked: changes.discussionLocked,
    merge_after: changes.mergeAfter,
    milestone_id: changes.milestoneId,
    closed_at: changes.closedAt,
    closed_by_id: changes.closedById,
    updated_at: changes.updatedAt,
  }
}
