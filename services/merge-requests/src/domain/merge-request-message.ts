import type { MergeRequest, Project } from '@suite/proto'
import type { LabelRecord } from '../store/labels.store.js'
import type { MilestoneRecord } from '../store/milestones.store.js'
import type { DiffRecord } from '../store/presentation.store.js'
import { labelMessage, milestoneMessage, sortLabels } from './catalog-messages.js'
import { detailedMergeStatus } from './detailed-merge-status.js'
import { formatDuration } from './durations.js'
import { squashOnMerge } from './merge-commit.js'
import type { MergeRequestRow } from './merge-request-access.js'
import { countTasks } from './task-list.js'

/** What a request's message needs besides its row, loaded for a page at once. */
export interface RequestContext {
  labels: readonly LabelRecord[]
  assigneeIds: readonly number[]
  reviewerIds: readonly number[]
  milestone: MilestoneRecord | undefined
  /** The latest diff version, absent until the first is collected. */
  diff: DiffRecord | undefined
  /** An open request blocks this one. */
  blocked: boolean
  approvals: number
  /** The target project, when the projects service answered. */
  project: Project | undefined
  now: Date
}

/** squash_on_merge: the project's squash option decides unless it leaves it to the request. */
function detailedStatus(row: MergeRequestRow, context: RequestContext): string {
  const diff = context.diff
  return detailedMergeStatus({
    state: row.state,
    draft: row.draft,
    mergeStatus: row.merge_status,
    hasConflicts: row.has_conflicts,
    mergeAfter: row.merge_after,
    mergeMethod: context.project?.mergeMethod ?? 'merge',
    divergedCommitsCount: row.diverged_commits_count,
    hasNoCommits: diff !== undefined && diff.head_commit_sha === diff.base_commit_sha,
    blocked: context.blocked,
    approvalsRequired: row.approvals_before_merge ?? context.project?.approvalsBeforeMerge ?? 0,
    approvalsGiven: context.approvals,
    now: context.now,
  })
}

/** The MergeRequest message of a row (without the single-request fields). */
export function mergeRequestMessage(row: MergeRequestRow, context: RequestContext): MergeRequest {
  const tasks = countTasks(row.description)
  const diff = context.diff
  return {
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
    assigneeIds: [...context.assigneeIds],
    reviewerIds: [...context.reviewerIds],
    sourceBranch: row.source_branch,
    targetBranch: row.target_branch,
    upvotes: row.upvotes,
    downvotes: row.downvotes,
    userNotesCount: 0,
    labels: sortLabels(context.labels).map(labelMessage),
    milestone: context.milestone ? milestoneMessage(context.milestone, context.now) : undefined,
    draft: row.draft,
    mergeWhenPipelineSucceeds: row.merge_when_pipeline_succeeds,
    mergeStatus: row.merge_status,
    detailedMergeStatus: detailedStatus(row, context),
    hasConflicts: row.has_conflicts,
    blockingDiscussionsResolved: true,
    sha: diff?.head_commit_sha ?? '',
    mergeCommitSha: row.merge_commit_sha ?? undefined,
    squashCommitSha: row.squash_commit_sha ?? undefined,
    squash: row.squash,
    squashOnMerge: squashOnMerge(context.project, row.squash),
    shouldRemoveSourceBranch: row.should_remove_source_branch ?? undefined,
    forceRemoveSourceBranch: row.force_remove_source_branch ?? undefined,
    discussionLocked: row.discussion_locked ?? undefined,
    allowCollaboration: row.allow_collaboration,
    timeStats: {
      timeEstimate: row.time_estimate,
      totalTimeSpent: row.total_time_spent,
      humanTimeEstimate: formatDuration(row.time_estimate),
      humanTotalTimeSpent: formatDuration(row.total_time_spent),
    },
    taskCount: tasks.count,
    taskCompletedCount: tasks.completedCount,
    approvalsBeforeMerge: row.approvals_before_merge ?? undefined,
    mergeError: row.merge_error ?? undefined,
    subscribed: undefined,
    changesCount: undefined,
    callerCanMerge: false,
    diffRefs: diff
      ? {
          baseSha: diff.base_commit_sha ?? '',
          headSha: diff.head_commit_sha,
          startSha: diff.start_commit_sha,
        }
      : undefined,
    divergedCommitsCount: row.diverged_commits_count,
    headPipelineId: row.head_pipeline_id ?? undefined,
    imported: row.imported,
    importedFrom: 'none',
  }
}
