import type { Issue, Project } from '@suite/proto'
import { presentLabelBasic } from './label.entity.js'
import { projectFullPath, projectWebUrl, type ReferenceBase } from './merge-request-links.js'
import { presentMilestone } from './milestone.entity.js'
import { isoTime, orNull, type PresentContext } from './present-context.js'
import { presentRelatedUser, presentRelatedUsers } from './related-user.js'
import { presentTimeStats } from './time-stats.entity.js'

/** An issue with what its answer is presented against. */
export interface IssueItem {
  issue: Issue
  project: Project | undefined
  base: ReferenceBase
  withLabelsDetails: boolean
  /** Single-issue answers show `subscribed`; lists leave it out (include_subscribed: false). */
  includeSubscribed: boolean
}

/** Gitlab::UrlBuilder for an issue. */
export function issueWebUrl(
  externalUrl: string,
  project: Project | undefined,
  iid: number,
): string {
  return `${projectWebUrl(externalUrl, project)}/-/issues/${iid}`
}

/** Project#to_reference_base as merge-request-links.ts reads it, for `#iid`. */
function referencePrefix(project: Project | undefined, base: ReferenceBase): string {
  if (!project || base.kind === 'none') return ''
  if (base.kind === 'project') {
    if (base.project.id === project.id) return ''
    return base.project.namespaceId === project.namespaceId
      ? project.path
      : (projectFullPath(project) ?? '')
  }
  return base.groupId === project.namespaceId ? project.path : (projectFullPath(project) ?? '')
}

/** API::Entities::IssuableReferences of an issue. */
export function issueReferences(issue: Issue, project: Project | undefined, base: ReferenceBase) {
  const short = `#${issue.iid}`
  return {
    short,
    relative: `${referencePrefix(project, base)}${short}`,
    full: `${projectFullPath(project) ?? ''}${short}`,
  }
}

/** Taskable#task_status: "1 of 2 checklist items completed". */
export function taskStatus(count: number, completed: number): string {
  return `${completed} of ${count} ${count === 1 ? 'checklist item' : 'checklist items'} completed`
}

/** The users an issue's answer names. */
export function issueUserIds(item: IssueItem): number[] {
  const issue = item.issue
  return [
    issue.authorId,
    ...issue.assigneeIds,
    ...(issue.closedById === undefined ? [] : [issue.closedById]),
  ]
}

/**
 * API::Entities::Issue (IssuableEntity, IssueBasic and Issue as CE shows
 * them): every field, null where there is no value.
 */
export function presentIssue(item: IssueItem, ctx: PresentContext) {
  const { issue, project } = item
  const assignees = presentRelatedUsers(issue.assigneeIds, ctx)
  const labels = [...issue.labels].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  const api = `${ctx.externalUrl}/api/v4/projects/${issue.projectId}`
  const hasTasks = issue.taskCount > 0
  return {
    id: issue.id,
    iid: issue.iid,
    project_id: issue.projectId,
    title: issue.title,
    description: orNull(issue.description),
    state: issue.state,
    created_at: isoTime(issue.createdAt),
    updated_at: isoTime(issue.updatedAt),
    closed_at: isoTime(issue.closedAt),
    closed_by: presentRelatedUser(issue.closedById, ctx),
    labels: item.withLabelsDetails
      ? labels.map(presentLabelBasic)
      : labels.map((label) => label.name),
    milestone: issue.milestone
      ? presentMilestone(issue.milestone, projectWebUrl(ctx.externalUrl, project))
      : null,
    assignees,
    author: presentRelatedUser(issue.authorId, ctx),
    type: 'ISSUE',
    assignee: assignees[0] ?? null,
    user_notes_count: issue.userNotesCount,
    merge_requests_count: issue.mergeRequestsCount,
    upvotes: issue.upvotes,
    downvotes: issue.downvotes,
    due_date: orNull(issue.dueDate),
    confidential: issue.confidential,
    discussion_locked: orNull(issue.discussionLocked),
    issue_type: 'issue',
    web_url: issueWebUrl(ctx.externalUrl, project, issue.iid),
    time_stats: presentTimeStats(issue.timeStats),
    task_completion_status: {
      count: issue.taskCount,
      completed_count: issue.taskCompletedCount,
    },
    has_tasks: hasTasks,
    ...(hasTasks ? { task_status: taskStatus(issue.taskCount, issue.taskCompletedCount) } : {}),
    _links: {
      self: `${api}/issues/${issue.iid}`,
      notes: `${api}/issues/${issue.iid}/notes`,
      award_emoji: `${api}/issues/${issue.iid}/award_emoji`,
      project: api,
      closed_as_duplicate_of: null,
    },
    references: issueReferences(issue, project, item.base),
    severity: 'UNKNOWN',
    ...(item.includeSubscribed ? { subscribed: issue.subscribed } : {}),
    moved_to_id: null,
    service_desk_reply_to: null,
    imported: false,
    imported_from: 'none',
  }
}
