/** The domain's issues and issue requests as messages, and back. */
import { timeStatsOf } from '../domain/time-stats.js'
import { toTimeStatsMessage } from './to-proto.js'
import type {
  Issue as IssueMessage,
  IssueAttributes as IssueAttributesMessage,
  IssueKey as IssueKeyMessage,
} from '@suite/proto'
import type { IssueView } from '../domain/issue.js'
import type { IssueAttributes, IssueKey } from '../domain/issues.js'
import { toLabelMessage, toMilestoneMessage } from './to-proto.js'

const orUndefined = <T>(value: T | null): T | undefined => value ?? undefined

/** An issue view as gitlab.merge_requests.v1.Issue; null fields travel as absent. */
export function toIssueMessage(view: IssueView): IssueMessage {
  return {
    id: view.id,
    iid: view.iid,
    projectId: view.projectId,
    title: view.title,
    description: orUndefined(view.description),
    state: view.state,
    createdAt: view.createdAt,
    updatedAt: view.updatedAt,
    closedAt: orUndefined(view.closedAt),
    closedById: orUndefined(view.closedById),
    authorId: view.authorId,
    assigneeIds: view.assigneeIds,
    labels: view.labels.map(toLabelMessage),
    milestone: view.milestone ? toMilestoneMessage(view.milestone) : undefined,
    confidential: view.confidential,
    discussionLocked: orUndefined(view.discussionLocked),
    dueDate: orUndefined(view.dueDate),
    userNotesCount: view.userNotesCount,
    upvotes: view.upvotes,
    downvotes: view.downvotes,
    // Closing merge requests are not kept for issues yet: nothing to count.
    mergeRequestsCount: 0,
    timeStats: toTimeStatsMessage(timeStatsOf(view)),
    taskCount: view.taskCount,
    taskCompletedCount: view.taskCompletedCount,
    subscribed: view.subscribed,
  }
}

export function toIssueKey(key: IssueKeyMessage | undefined): IssueKey {
  return { projectId: key?.projectId ?? 0, iid: key?.iid ?? 0 }
}

export function toIssueAttributes(message: IssueAttributesMessage | undefined): IssueAttributes {
  return {
    title: message?.title,
    description: message?.description,
    setAssignees: message?.setAssignees ?? false,
    assigneeIds: [...(message?.assigneeIds ?? [])],
    setLabels: message?.setLabels ?? false,
    labels: [...(message?.labels ?? [])],
    addLabels: [...(message?.addLabels ?? [])],
    removeLabels: [...(message?.removeLabels ?? [])],
    milestoneId: message?.milestoneId,
    confidential: message?.confidential,
    dueDate: message?.dueDate,
    clearDueDate: message?.clearDueDate ?? false,
    discussionLocked: message?.discussionLocked,
    stateEvent: message?.stateEvent,
  }
}
