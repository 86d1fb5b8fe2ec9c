import type { MergeRequest } from '@suite/proto'
import { presentLabelBasic } from './label.entity.js'
import type { MergeRequestItem } from './merge-request-item.js'
import {
  mergeRequestReference,
  mergeRequestReferences,
  mergeRequestWebUrl,
  projectWebUrl,
} from './merge-request-links.js'
import { presentMilestone } from './milestone.entity.js'
import { isoTime, orNull, type PresentContext } from './present-context.js'
import { presentRelatedUser, presentRelatedUsers } from './related-user.js'
import { presentTimeStats } from './time-stats.entity.js'

/**
 * API::Entities::MergeRequestBasic: the list entity, with every field of the
 * spec's table (null where there is no value).
 */
export function presentMergeRequestBasic(item: MergeRequestItem, ctx: PresentContext) {
  const { mergeRequest: mr, project, base } = item
  const mergeUser = presentRelatedUser(mr.mergeUserId, ctx)
  const assignees = presentRelatedUsers(mr.assigneeIds, ctx)
  const labels = [...mr.labels].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  return {
    ...leadingFields(mr),
    // merged_by is metrics.merged_by: only a merged request has one.
    merged_by: mr.state === 'merged' ? mergeUser : null,
    merge_user: mergeUser,
    merged_at: isoTime(mr.mergedAt),
    closed_by: presentRelatedUser(mr.closedById, ctx),
    closed_at: isoTime(mr.closedAt),
    target_branch: mr.targetBranch,
    source_branch: mr.sourceBranch,
    user_notes_count: mr.userNotesCount,
    upvotes: mr.upvotes,
    downvotes: mr.downvotes,
    author: presentRelatedUser(mr.authorId, ctx),
    assignees,
    assignee: assignees[0] ?? null,
    reviewers: presentRelatedUsers(mr.reviewerIds, ctx),
    source_project_id: mr.sourceProjectId,
    target_project_id: mr.targetProjectId,
    labels: item.withLabelsDetails
      ? labels.map(presentLabelBasic)
      : labels.map((label) => label.name),
    draft: mr.draft,
    work_in_progress: mr.draft,
    milestone: mr.milestone
      ? presentMilestone(mr.milestone, projectWebUrl(ctx.externalUrl, project))
      : null,
    merge_when_pipeline_succeeds: mr.mergeWhenPipelineSucceeds,
    merge_status: mr.mergeStatus,
    detailed_merge_status: mr.detailedMergeStatus,
    merge_after: isoTime(mr.mergeAfter),
    sha: mr.sha === '' ? null : mr.sha,
    merge_commit_sha: orNull(mr.mergeCommitSha),
    squash_commit_sha: orNull(mr.squashCommitSha),
    discussion_locked: orNull(mr.discussionLocked),
    should_remove_source_branch: orNull(mr.shouldRemoveSourceBranch),
    force_remove_source_branch: orNull(mr.forceRemoveSourceBranch),
    prepared_at: isoTime(mr.preparedAt),
    allow_collaboration: mr.allowCollaboration,
    allow_maintainer_to_push: mr.allowCollaboration,
    reference: mergeRequestReference(mr, project, base),
    references: mergeRequestReferences(mr, project, base),
    web_url: mergeRequestWebUrl(ctx.externalUrl, project, mr.iid),
    time_stats: presentTimeStats(mr.timeStats),
    squash: mr.squash,
    squash_on_merge: mr.squashOnMerge,
    task_completion_status: { count: mr.taskCount, completed_count: mr.taskCompletedCount },
    has_conflicts: mr.hasConflicts,
    blocking_discussions_resolved: mr.blockingDiscussionsResolved,
    approvals_before_merge: orNull(mr.approvalsBeforeMerge),
    imported: mr.imported,
    imported_from: mr.importedFrom === '' ? 'none' : mr.importedFrom,
  }
}

export type MergeRequestBasicJson = ReturnType<typeof presentMergeRequestBasic>

/** The fields MergeRequestSimple and MergeRequestBasic both start with. */
function leadingFields(mr: MergeRequest) {
  return {
    id: mr.id,
    iid: mr.iid,
    project_id: mr.targetProjectId,
    title: mr.title,
    description: mr.description,
    state: mr.state,
    created_at: isoTime(mr.createdAt),
    updated_at: isoTime(mr.updatedAt),
  }
}

/** API::Entities::MergeRequestSimple (view=simple). */
export function presentMergeRequestSimple(item: MergeRequestItem, ctx: PresentContext) {
  const mr = item.mergeRequest
  return {
    ...leadingFields(mr),
    web_url: mergeRequestWebUrl(ctx.externalUrl, item.project, mr.iid),
  }
}
