/** The domain's merge requests, labels and milestones as messages. */
import type {
  Label as LabelMessage,
  MergeRequest as MergeRequestMessage,
  Milestone as MilestoneMessage,
  TimeStats as TimeStatsMessage,
} from '@suite/proto'
import type {
  LabelView,
  MergeRequestView,
  MilestoneView,
  TimeStats,
} from '../domain/merge-request-view.js'

const orUndefined = <T>(value: T | null): T | undefined => value ?? undefined

export function toLabelMessage(label: LabelView): LabelMessage {
  return {
    id: label.id,
    name: label.title,
    color: label.color,
    description: label.description,
    textColor: label.textColor,
    projectId: label.projectId,
  }
}

export function toMilestoneMessage(milestone: MilestoneView): MilestoneMessage {
  return {
    id: milestone.id,
    iid: milestone.iid,
    projectId: milestone.projectId,
    title: milestone.title,
    description: milestone.description,
    state: milestone.state,
    createdAt: milestone.createdAt,
    updatedAt: milestone.updatedAt,
    dueDate: orUndefined(milestone.dueDate),
    startDate: orUndefined(milestone.startDate),
    expired: milestone.expired,
  }
}

export function toTimeStatsMessage(stats: TimeStats): TimeStatsMessage {
  return {
    timeEstimate: stats.timeEstimate,
    totalTimeSpent: stats.totalTimeSpent,
    humanTimeEstimate: stats.humanTimeEstimate,
    humanTotalTimeSpent: stats.humanTotalTimeSpent,
  }
}

/** A merge request view as gitlab.merge_requests.v1.MergeRequest; null fields travel as absent. */
export function toMergeRequestMessage(view: MergeRequestView): MergeRequestMessage {
  return {
    id: view.id,
    iid: view.iid,
    sourceProjectId: view.sourceProjectId,
    targetProjectId: view.targetProjectId,
    title: view.title,
    description: view.description,
    state: view.state,
    createdAt: view.createdAt,
    updatedAt: view.updatedAt,
    closedAt: orUndefined(view.closedAt),
    mergedAt: orUndefined(view.mergedAt),
    preparedAt: orUndefined(view.preparedAt),
    mergeAfter: orUndefined(view.mergeAfter),
    closedById: orUndefined(view.closedById),
    mergeUserId: orUndefined(view.mergeUserId),
    authorId: view.authorId,
    assigneeIds: [...view.assigneeIds],
    reviewerIds: [...view.reviewerIds],
    sourceBranch: view.sourceBranch,
    targetBranch: view.targetBranch,
    upvotes: view.upvotes,
    downvotes: view.downvotes,
    userNotesCount: view.userNotesCount,
    labels: view.labels.map(toLabelMessage),
    milestone: view.milestone && toMilestoneMessage(view.milestone),
    draft: view.draft,
    mergeWhenPipelineSucceeds: view.mergeWhenPipelineSucceeds,
    mergeStatus: view.mergeStatus,
    detailedMergeStatus: view.detailedMergeStatus,
    hasConflicts: view.hasConflicts,
    blockingDiscussionsResolved: view.blockingDiscussionsResolved,
    sha: view.sha,
    mergeCommitSha: orUndefined(view.mergeCommitSha),
    squashCommitSha: orUndefined(view.squashCommitSha),
    squash: view.squash,
    squashOnMerge: view.squashOnMerge,
    shouldRemoveSourceBranch: orUndefined(view.shouldRemoveSourceBranch),
    forceRemoveSourceBranch: orUndefined(view.forceRemoveSourceBranch),
    discussionLocked: orUndefined(view.discussionLocked),
    allowCollaboration: view.allowCollaboration,
    timeStats: toTimeStatsMessage(view.timeStats),
    taskCount: view.taskCount,
    taskCompletedCount: view.taskCompletedCount,
    approvalsBeforeMerge: orUndefined(view.approvalsBeforeMerge),
    mergeError: orUndefined(view.mergeError),
    subscribed: view.subscribed,
    changesCount: view.changesCount,
    callerCanMerge: view.callerCanMerge,
    rebaseInProgress: view.rebaseInProgress,
    diffRefs: view.diffRefs && { ...view.diffRefs },
    divergedCommitsCount: view.divergedCommitsCount,
    headPipelineId: orUndefined(view.headPipelineId),
    imported: view.imported,
    // Imports are not modelled.
    importedFrom: 'none',
  }
}
