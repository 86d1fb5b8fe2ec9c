/** Builds a merge request's view from the request and what its page loaded with it. */
import { labelView, milestoneView, sortLabels } from './catalog-views.js'
import { ciCheck, detailedMergeStatus } from './detailed-merge-status.js'
import type { DiffVersion } from './diff-version.js'
import type { Label } from './label.js'
import { squashOnMerge } from './merge-commit.js'
import type { MergeRequest } from './merge-request.js'
import type { MergeRequestView } from './merge-request-view.js'
import type { Milestone } from './milestone.js'
import type { Project } from './project.js'
import { discussionsResolvedForMerge } from './project-settings.js'
import { countTasks } from './task-list.js'
import { timeStatsOf } from './time-stats.js'

/** What a request's view needs besides the request, loaded for a page at once. */
export interface RequestContext {
  labels: readonly Label[]
  assigneeIds: readonly number[]
  reviewerIds: readonly number[]
  milestone: Milestone | undefined
  /** The latest diff version, absent until the first is collected. */
  diff: DiffVersion | undefined
  /** An open request blocks this one. */
  blocked: boolean
  /** A resolvable note is unresolved. */
  unresolvedNotes: boolean
  approvals: number
  /** The target project, when the projects service answered. */
  project: Project | undefined
  now: Date
  /**
   * Status of the head pipeline when it ran for the diff head, loaded for
   * the requests whose project needs a successful pipeline (absent: none).
   */
  headPipelineStatus?: string | undefined
}

/** squash_on_merge: the project's squash option decides unless it leaves it to the request. */
function detailedStatus(mergeRequest: MergeRequest, context: RequestContext): string {
  const diff = context.diff
  return detailedMergeStatus({
    state: mergeRequest.state,
    draft: mergeRequest.draft,
    mergeStatus: mergeRequest.mergeStatus,
    hasConflicts: mergeRequest.hasConflicts,
    mergeAfter: mergeRequest.mergeAfter,
    mergeMethod: context.project?.mergeMethod ?? 'merge',
    divergedCommitsCount: mergeRequest.divergedCommitsCount,
    hasNoCommits: diff !== undefined && diff.headCommitSha === diff.baseCommitSha,
    blocked: context.blocked,
    discussionsUnresolved: !discussionsResolvedForMerge(context.project, context.unresolvedNotes),
    approvalsRequired:
      mergeRequest.approvalsBeforeMerge ?? context.project?.approvalsBeforeMerge ?? 0,
    approvalsGiven: context.approvals,
    now: context.now,
    ciFailure: ciCheck(context.project?.flags ?? {}, context.headPipelineStatus),
  })
}

/** The view of a request (without the single-request fields). */
export function mergeRequestView(
  mergeRequest: MergeRequest,
  context: RequestContext,
): MergeRequestView {
  const tasks = countTasks(mergeRequest.description)
  const diff = context.diff
  return {
    ...mergeRequest,
    assigneeIds: [...context.assigneeIds],
    reviewerIds: [...context.reviewerIds],
    labels: sortLabels(context.labels).map(labelView),
    milestone: context.milestone ? milestoneView(context.milestone, context.now) : undefined,
    detailedMergeStatus: detailedStatus(mergeRequest, context),
    blockingDiscussionsResolved: discussionsResolvedForMerge(
      context.project,
      context.unresolvedNotes,
    ),
    sha: diff?.headCommitSha ?? '',
    squashOnMerge: squashOnMerge(context.project, mergeRequest.squash),
    timeStats: timeStatsOf(mergeRequest),
    taskCount: tasks.count,
    taskCompletedCount: tasks.completedCount,
    subscribed: undefined,
    changesCount: undefined,
    callerCanMerge: false,
    diffRefs: diff
      ? {
          baseSha: diff.baseCommitSha ?? '',
          headSha: diff.headCommitSha,
          startSha: diff.startCommitSha,
        }
      : undefined,
  }
}
