/**
 * The Issue Hook (and Confidential Issue Hook) of issue changes, in GitLab's
 * key order (Gitlab::DataBuilder::Issuable with Gitlab::HookData::IssueBuilder).
 * As for merge requests, the `user`, `project` and `repository` blocks are
 * null placeholders the projects worker fills.
 */
import { hookEvent, hookTime, type HookEvent } from '@suite/runtime'
import { labelHookAttrs, type HookSite } from './hook-payloads.js'
import type { IssueView } from './issue.js'

/** Issue hook actions (the `action` of object_attributes). */
export type IssueHookAction = 'open' | 'update' | 'close' | 'reopen'

/** An issue as it was before an update. */
export type IssueBefore = Pick<
  IssueView,
  | 'title'
  | 'description'
  | 'state'
  | 'confidential'
  | 'discussionLocked'
  | 'dueDate'
  | 'milestoneId'
  | 'closedAt'
  | 'updatedAt'
  | 'assigneeIds'
  | 'labels'
>

const STATE_IDS = { opened: 1, closed: 2 } as const

/** Gitlab::UrlBuilder for an issue; null when the project is unknown. */
export function issueUrl(site: HookSite, iid: number): string | null {
  return site.projectWebUrl === null ? null : `${site.projectWebUrl}/-/issues/${iid}`
}

/** IssueBuilder#build: the issue's hook attributes. */
export function issueHookAttrs(issue: IssueView, site: HookSite): Record<string, unknown> {
  return {
    author_id: issue.authorId,
    closed_at: hookTime(issue.closedAt),
    confidential: issue.confidential,
    created_at: hookTime(issue.createdAt),
    description: issue.description,
    discussion_locked: issue.discussionLocked,
    due_date: issue.dueDate,
    id: issue.id,
    iid: issue.iid,
    last_edited_at: null,
    last_edited_by_id: null,
    milestone_id: issue.milestoneId,
    moved_to_id: null,
    duplicated_to_id: null,
    project_id: issue.projectId,
    relative_position: null,
    state_id: STATE_IDS[issue.state],
    time_estimate: 0,
    title: issue.title,
    updated_at: hookTime(issue.updatedAt),
    updated_by_id: null,
    type: 'Issue',
    url: issueUrl(site, issue.iid),
    total_time_spent: 0,
    time_change: 0,
    human_total_time_spent: null,
    human_time_change: null,
    human_time_estimate: null,
    assignee_ids: issue.assigneeIds,
    assignee_id: issue.assigneeIds[0] ?? null,
    labels: issue.labels.map(labelHookAttrs),
    state: issue.state,
    severity: 'unknown',
    customer_relations_contacts: [],
  }
}

type Changes = Record<string, { previous: unknown; current: unknown }>

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id, index) => id === b[index])

/** The `changes` of an update: previous and current of what changed. */
export function issueChanges(before: IssueBefore, after: IssueView): Changes {
  const changes: Changes = {}
  const pairs: [string, unknown, unknown][] = [
    ['title', before.title, after.title],
    ['description', before.description, after.description],
    ['confidential', before.confidential, after.confidential],
    ['discussion_locked', before.discussionLocked, after.discussionLocked],
    ['due_date', before.dueDate, after.dueDate],
    ['milestone_id', before.milestoneId, after.milestoneId],
    ['state_id', STATE_IDS[before.state], STATE_IDS[after.state]],
    ['closed_at', hookTime(before.closedAt), hookTime(after.closedAt)],
  ]
  for (const [key, previous, current] of pairs) {
    if (previous !== current) changes[key] = { previous, current }
  }
  const labelIds = (labels: IssueBefore['labels']) => labels.map((label) => label.id).sort()
  if (!sameIds(labelIds(before.labels), labelIds(after.labels))) {
    changes['labels'] = {
      previous: before.labels.map(labelHookAttrs),
      current: after.labels.map(labelHookAttrs),
    }
  }
  if (!sameIds(before.assigneeIds, after.assigneeIds)) {
    changes['assignees'] = { previous: [...before.assigneeIds], current: after.assigneeIds }
  }
  if (Object.keys(changes).length > 0 && before.updatedAt.getTime() !== after.updatedAt.getTime()) {
    changes['updated_at'] = {
      previous: hookTime(before.updatedAt),
      current: hookTime(after.updatedAt),
    }
  }
  return changes
}

/** The Issue Hook payload of an action. */
export function issueHookPayload(
  issue: IssueView,
  site: HookSite,
  action: IssueHookAction,
  changes: Changes,
): Record<string, unknown> {
  return {
    object_kind: 'issue',
    event_type: issue.confidential ? 'confidential_issue' : 'issue',
    user: null,
    project: null,
    object_attributes: { ...issueHookAttrs(issue, site), action },
    labels: issue.labels.map(labelHookAttrs),
    changes,
    repository: null,
  }
}

/**
 * The hook event: a confidential issue's goes only to hooks with
 * confidential_issues_events (Issue#hook_attrs' hooks_scope), an open one to
 * hooks with issues_events.
 */
export function issueHookEvent(
  issue: IssueView,
  site: HookSite,
  action: IssueHookAction,
  userId: number,
  before?: IssueBefore,
): HookEvent {
  return hookEvent({
    projectId: issue.projectId,
    kind: issue.confidential ? 'confidential_issue_hooks' : 'issue_hooks',
    userId,
    payload: issueHookPayload(issue, site, action, before ? issueChanges(before, issue) : {}),
  })
}
