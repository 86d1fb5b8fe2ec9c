import type { IssueAttributes } from '@suite/proto'
import { p } from './coercions.js'
import { idOrZero, labelList, userIdList } from './merge-request-attributes.js'
import { dateTime, intNoneAny, singleAssigneeUsername } from './merge-request-values.js'
import type { ParamRule } from './parse-params.js'

/** lib/api/helpers/issues_helpers.rb: the scopes of the issue lists (dashes read as underscores). */
export const ISSUE_SCOPES = [
  'created-by-me',
  'assigned-to-me',
  'created_by_me',
  'assigned_to_me',
  'all',
]

/** The orders this suite keeps (GitLab's label_priority, milestone_due, popularity, priority, relative_position and weight are not). */
export const ISSUE_ORDERS = ['created_at', 'updated_at', 'title', 'due_date']

/** issues_params: the filters of every issue list (G, R and P). */
const commonIssueListParams = {
  labels: p.array(p.string(), { commaSeparated: true }),
  milestone: p.string(),
  iids: p.array(p.iid()),
  search: p.string(),
  in: p.string(),
  author_id: p.int(),
  author_username: p.string(),
  assignee_id: intNoneAny(),
  assignee_username: singleAssigneeUsername(),
  created_after: dateTime(),
  created_before: dateTime(),
  updated_after: dateTime(),
  updated_before: dateTime(),
  confidential: p.bool(),
  order_by: p.string().values(ISSUE_ORDERS).default('created_at'),
  sort: p.string().values(['asc', 'desc']).default('desc'),
  scope: p.string().values(ISSUE_SCOPES).default('all'),
  state: p.string().values(['opened', 'closed', 'all']).default('all'),
  with_labels_details: p.bool().default(false),
}

/** GET /projects/:id/issues. */
export const issueListParams = { id: p.string().required(), ...commonIssueListParams }

/** GET /groups/:id/issues: also non_archived (default true). */
export const groupIssueListParams = {
  ...issueListParams,
  non_archived: p.bool().default(true),
}

/** GET /issues: the scope defaults to created_by_me. */
export const globalIssueListParams = {
  ...commonIssueListParams,
  scope: p.string().values(ISSUE_SCOPES).default('created_by_me'),
}

/** Grape's mutually_exclusive checks of issues_params. */
export const issueListRules: ParamRule[] = [
  { kind: 'mutually_exclusive', names: ['author_id', 'author_username'], after: 'author_username' },
  {
    kind: 'mutually_exclusive',
    names: ['assignee_id', 'assignee_username'],
    after: 'assignee_username',
  },
]

/** issue_params: the optional attributes of create and update. */
const issueAttributeParams = {
  description: p.string(),
  assignee_id: idOrZero(),
  assignee_ids: userIdList(),
  milestone_id: idOrZero(),
  labels: labelList(),
  add_labels: labelList(),
  remove_labels: labelList(),
  // "" clears the due date on update.
  due_date: p.string().check((value) => value === '' || isDate(value), 'is invalid'),
  confidential: p.bool(),
  discussion_locked: p.bool(),
  issue_type: p.string().values(['issue']),
}

/** A calendar date as YYYY-MM-DD (Grape's Date type; a full time's date part is taken). */
function isDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value.trim())
  // Year 0 is no calendar year (PostgreSQL's date refuses it).
  if (!match || match[1] === '0000') return false
  const date = new Date(`${match[1]}-${match[2]}-${match[3]}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(match[0])
}

/** POST /projects/:id/issues. */
export const createIssueParams = {
  id: p.string().required(),
  title: p.string().required(),
  ...issueAttributeParams,
}

/** `:id/issues/:issue_iid` of every single-issue path. */
export const issuePathParams = {
  id: p.string().required(),
  issue_iid: p.iid().required(),
}

/** PUT /projects/:id/issues/:issue_iid. */
export const updateIssueParams = {
  ...issuePathParams,
  title: p.string(),
  state_event: p.string().values(['reopen', 'close']),
  ...issueAttributeParams,
}

/** IssuesHelpers.update_params_at_least_one_of (created_at, updated_at and weight are not kept). */
export const updateIssueRules: ParamRule[] = [
  {
    kind: 'at_least_one_of',
    names: [
      'assignee_id',
      'assignee_ids',
      'confidential',
      'description',
      'discussion_locked',
      'due_date',
      'issue_type',
      'labels',
      'add_labels',
      'remove_labels',
      'milestone_id',
      'state_event',
      'title',
    ],
  },
]

type Optional<T> = { [K in keyof T]?: T[K] | undefined }

type AttributeValues = Optional<{
  title: string
  state_event: string
  description: string
  assignee_id: number
  assignee_ids: number[]
  milestone_id: number
  labels: string[]
  add_labels: string[]
  remove_labels: string[]
  due_date: string
  confidential: boolean
  discussion_locked: boolean
}>

/** The parsed create/update parameters as IssueAttributes (absent = unchanged). */
export function issueAttributes(params: AttributeValues): IssueAttributes {
  const assignees =
    params.assignee_ids ??
    (params.assignee_id === undefined
      ? undefined
      : params.assignee_id === 0
        ? []
        : [params.assignee_id])
  const dueDate = params.due_date?.trim()
  return {
    title: params.title,
    description: params.description,
    setAssignees: assignees !== undefined,
    assigneeIds: assignees ?? [],
    setLabels: params.labels !== undefined,
    labels: params.labels ?? [],
    addLabels: params.add_labels ?? [],
    removeLabels: params.remove_labels ?? [],
    milestoneId: params.milestone_id,
    confidential: params.confidential,
    dueDate: dueDate ? dueDate.slice(0, 10) : undefined,
    clearDueDate: dueDate === '',
    discussionLocked: params.discussion_locked,
    stateEvent: params.state_event,
  }
}
