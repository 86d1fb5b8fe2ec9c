/**
 * A project's issue (GitLab's issues row) and IssuePolicy's object rules. The
 * project's side (read_issue, create_issue, update_issue, admin_issue,
 * read_confidential_issues, destroy_issue) is the projects service's
 * ProjectPolicy, handed in as the caller's grants; this module only adds what
 * depends on the issue: confidentiality, its author and its assignees.
 */
import type { Caller, ProjectGrants } from './caller.js'
import type { Label } from './label.js'
import type { ListedProjects, MergeRequestConditions } from './list-conditions.js'
import type { LabelView, MilestoneView } from './merge-request-view.js'
import { grantsIn, isProjectMember, signedInUserId } from './policy.js'

export type IssueState = 'opened' | 'closed'

export interface Issue {
  id: number
  projectId: number
  /** Per project, from 1, apart from merge requests' iids. */
  iid: number
  authorId: number
  title: string
  description: string | null
  state: IssueState
  confidential: boolean
  discussionLocked: boolean | null
  /** YYYY-MM-DD */
  dueDate: string | null
  milestoneId: number | null
  closedAt: Date | null
  closedById: number | null
  createdAt: Date
  updatedAt: Date
  /** User (non-system) notes, internal ones included (Note.count_for_collection's user scope). */
  userNotesCount: number
  /** Seconds (TimeTrackable). */
  timeEstimate: number
  totalTimeSpent: number
  /** thumbsup and thumbsdown awards. */
  upvotes: number
  downvotes: number
}

/** An issue to store; the store allocates its id and per-project iid. */
export interface NewIssue {
  projectId: number
  authorId: number
  title: string
  description: string | null
  confidential: boolean
  discussionLocked: boolean | null
  dueDate: string | null
  milestoneId: number | null
  createdAt: Date
}

/** The columns an update may change. */
export type IssueChanges = Partial<
  Pick<
    Issue,
    | 'title'
    | 'description'
    | 'state'
    | 'confidential'
    | 'discussionLocked'
    | 'dueDate'
    | 'milestoneId'
    | 'closedAt'
    | 'closedById'
    | 'updatedAt'
  >
>

/** An issue as the API presents it. */
export interface IssueView extends Issue {
  assigneeIds: number[]
  labels: LabelView[]
  milestone: MilestoneView | null
  taskCount: number
  taskCompletedCount: number
  /** Subscribable#subscribed? for the caller (single-issue answers). */
  subscribed: boolean
}

export type IssueOrder = 'created_at' | 'updated_at' | 'title' | 'due_date'

/** One page of a project's issues, as the store reads it. */
export interface IssueListQuery {
  /** One project (its read_issue checked), or every project the caller's read_issue scope admits. */
  projects: ListedProjects
  /** opened or closed; undefined for both. */
  state?: IssueState
  /** scope=created_by_me / assigned_to_me. */
  scope?: { role: 'author' | 'assignee'; userId: number }
  include: MergeRequestConditions
  confidential?: boolean
  /**
   * Which confidential issues show: all (read_confidential_issues in the one
   * project, or an administrator), or only those the user wrote or is
   * assigned to (0: none at all).
   */
  confidentialVisibleTo: 'all' | { userId: number }
  orderBy: IssueOrder
  ascending: boolean
  limit: number
  offset: number
}

/** The issues' data (store/issues.store.ts). */
export interface IssuesPort {
  findByIid(projectId: number, iid: number): Promise<Issue | undefined>
  /** Inserts an issue with the project's next issue iid (call inside a transaction). */
  insert(values: NewIssue): Promise<Issue>
  update(id: number, changes: IssueChanges): Promise<Issue>
  delete(id: number): Promise<void>
  /** Assignees of each issue, in the order they were set. */
  assigneeIds(issueIds: readonly number[]): Promise<Map<number, number[]>>
  setAssignees(issueId: number, userIds: readonly number[]): Promise<void>
  labelIds(issueId: number): Promise<number[]>
  setLabelIds(issueId: number, labelIds: readonly number[]): Promise<void>
  /** The labels of each issue. */
  labels(issueIds: readonly number[]): Promise<Map<number, Label[]>>
  list(query: IssueListQuery): Promise<{ rows: Issue[]; total: number }>
}

/** The project's grants when they were handed in for the issue's project. */
function grantsFor(caller: Caller | undefined, projectId: number): ProjectGrants | undefined {
  return grantsIn(caller, projectId)
}

/** Issue#assignee_or_author? for the signed-in caller. */
export function isAuthorOrAssignee(
  caller: Caller | undefined,
  issue: Pick<Issue, 'authorId'>,
  assigneeIds: readonly number[],
): boolean {
  const userId = signedInUserId(caller)
  return userId !== undefined && (issue.authorId === userId || assigneeIds.includes(userId))
}

/**
 * IssuePolicy read_issue: the project's read_issue, and for a confidential
 * issue read_confidential_issues, or being its author or an assignee.
 */
export function canReadIssue(
  caller: Caller | undefined,
  issue: Pick<Issue, 'projectId' | 'authorId' | 'confidential'>,
  assigneeIds: readonly number[],
): boolean {
  const grants = grantsFor(caller, issue.projectId)
  if (!grants?.readIssue) return false
  return (
    !issue.confidential ||
    grants.readConfidentialIssues ||
    isAuthorOrAssignee(caller, issue, assigneeIds)
  )
}

/**
 * IssuePolicy update_issue (and reopen_issue): the project's update_issue,
 * or guest_access for the issue's author or an assignee (IssuablePolicy).
 * create_issue stands for guest_access here: it is guest_access with the
 * issues feature open and the project not archived, which also stops
 * update_issue.
 */
export function canUpdateIssue(
  caller: Caller | undefined,
  issue: Pick<Issue, 'projectId' | 'authorId' | 'confidential'>,
  assigneeIds: readonly number[],
): boolean {
  const grants = grantsFor(caller, issue.projectId)
  if (!grants || !canReadIssue(caller, issue, assigneeIds)) return false
  if (grants.updateIssue) return true
  return grants.createIssue && isAuthorOrAssignee(caller, issue, assigneeIds)
}

/**
 * admin_issue: labels, milestone, assignees, due date, confidentiality and
 * the discussion lock (IssuableBaseService#filter_params drops them without it).
 */
export function canAdminIssue(caller: Caller | undefined, projectId: number): boolean {
  return grantsFor(caller, projectId)?.adminIssue === true
}

/**
 * set_issue_metadata on a new issue: admin_issue, or any member of the
 * project who may create it (IssuePolicy's rule for Guests, GitLab issue
 * 300100); a signed-in non-member of a public project may not.
 */
export function canSetNewIssueMetadata(caller: Caller | undefined, projectId: number): boolean {
  const grants = grantsFor(caller, projectId)
  if (!grants) return false
  return grants.adminIssue || (grants.createIssue && isProjectMember(caller, projectId))
}

/** create_issue in the project. */
export function canCreateIssue(caller: Caller | undefined, projectId: number): boolean {
  return grantsFor(caller, projectId)?.createIssue === true
}

/** destroy_issue in the project (Owner, the Planner role, administrators). */
export function canDestroyIssue(caller: Caller | undefined, projectId: number): boolean {
  return grantsFor(caller, projectId)?.destroyIssue === true
}

/**
 * Which confidential issues of a list the caller sees: all with
 * read_confidential_issues; else those they wrote or are assigned to; none
 * for an anonymous caller.
 */
export function confidentialVisibility(
  caller: Caller | undefined,
  projectId: number,
): IssueListQuery['confidentialVisibleTo'] {
  if (grantsFor(caller, projectId)?.readConfidentialIssues) return 'all'
  return { userId: signedInUserId(caller) ?? 0 }
}
