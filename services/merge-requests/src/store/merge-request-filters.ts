import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely'
import type {
  IdsCondition,
  MergeRequestConditions,
  MilestoneCondition,
  NameCondition,
  UserCondition,
} from '../domain/list-conditions.js'
import { issuableSearchCondition } from './issuable-search.js'
import type { Database } from './schema.js'

type Eb = ExpressionBuilder<Database, 'merge_requests'>
type Condition = Expression<SqlBool>

const TRUE = sql<SqlBool>`true`
const FALSE = sql<SqlBool>`false`

/**
 * approver_ids: individual approvers come from approval rules, which this
 * suite does not have (paid tiers); nobody is one, so None matches every
 * request and any user, or Any, matches none.
 */
function approverCondition(condition: IdsCondition): Condition {
  return condition.kind === 'none' ? TRUE : FALSE
}

/** A person table (assignees, reviewers) as a user filter. */
function personCondition(
  table: 'merge_request_assignees' | 'merge_request_reviewers',
  match: UserCondition,
): Condition {
  const ref = sql.table(table)
  switch (match.kind) {
    case 'nobody':
      return FALSE
    case 'any':
      return sql<SqlBool>`exists (select 1 from ${ref} p where p.merge_request_id = merge_requests.id)`
    case 'none':
      return sql<SqlBool>`not exists (select 1 from ${ref} p where p.merge_request_id = merge_requests.id)`
    case 'user':
      return sql<SqlBool>`exists (select 1 from ${ref} p
        where p.merge_request_id = merge_requests.id and p.user_id = ${match.id})`
  }
}

/** A user column (author_id, merge_user_id) as a user filter. */
function columnCondition(
  eb: Eb,
  column: 'merge_requests.author_id' | 'merge_requests.merge_user_id',
  match: UserCondition,
): Condition {
  switch (match.kind) {
    case 'nobody':
      return FALSE
    case 'any':
      return eb(column, 'is not', null)
    case 'none':
      return eb(column, 'is', null)
    case 'user':
      return eb(column, '=', match.id)
  }
}

/** Approvals by all given users, or none / some at all. */
/** MergeRequest.by_related_commit_sha: in the latest diff's commits, or the merge or squash commit. */
function commitCondition(sha: string): Condition {
  return sql<SqlBool>`(exists (select 1 from merge_request_diff_commits c
      where c.merge_request_diff_id = merge_requests.latest_diff_id and c.sha = ${sha})
    or merge_requests.merge_commit_sha = ${sha}
    or merge_requests.squash_commit_sha = ${sha})`
}

function approvalCondition(match: IdsCondition): Condition {
  switch (match.kind) {
    case 'any':
      return sql<SqlBool>`exists (select 1 from approvals a where a.merge_request_id = merge_requests.id)`
    case 'none':
      return sql<SqlBool>`not exists (select 1 from approvals a where a.merge_request_id = merge_requests.id)`
    case 'ids':
      return sql<SqlBool>`(select count(distinct a.user_id) from approvals a
        where a.merge_request_id = merge_requests.id
          and a.user_id = any(${sql.val(match.ids)}::bigint[])) = ${match.ids.length}`
  }
}

/**
 * labels: with every one of the titles; not[labels]: with none of them. One
 * subquery whatever the number of titles (an array PostgreSQL hashes), so
 * planning and running cost grow linearly with it: one EXISTS per title made
 * a join per title, and planning 400 of them ran for minutes.
 */
function titlesCondition(names: string[], negated: boolean): Condition {
  const titles = [...new Set(names)]
  if (titles.length === 0) return TRUE
  const labelled = sql`from merge_request_labels ml join labels l on l.id = ml.label_id
    where ml.merge_request_id = merge_requests.id
      and l.title = any(${sql.val(titles)}::text[])`
  if (negated) return sql<SqlBool>`not exists (select 1 ${labelled})`
  // A single title as EXISTS: PostgreSQL may then start from the label's rows.
  if (titles.length === 1) return sql<SqlBool>`exists (select 1 ${labelled})`
  return sql<SqlBool>`(select count(distinct l.title) ${labelled}) = ${titles.length}`
}

function labelCondition(match: NameCondition, negated: boolean): Condition {
  const anyLabel = sql<SqlBool>`exists (select 1 from merge_request_labels ml
    where ml.merge_request_id = merge_requests.id)`
  switch (match.kind) {
    case 'any':
      return negated ? sql<SqlBool>`not ${anyLabel}` : anyLabel
    case 'none':
      return negated ? anyLabel : sql<SqlBool>`not ${anyLabel}`
    case 'names':
      return titlesCondition(match.names, negated)
  }
}

function milestoneIds(match: MilestoneCondition): Expression<unknown> | undefined {
  switch (match.kind) {
    case 'names':
      return sql`(select m.id from milestones m where m.title = any(${sql.val(match.names)}::text[]))`
    case 'upcoming':
      // Milestone.upcoming_ids: per project, the active milestone due next.
      return sql`(select distinct on (m.project_id) m.id from milestones m
        where m.state = 'active' and m.due_date > current_date
        order by m.project_id, m.due_date asc)`
    case 'started':
      return sql`(select m.id from milestones m
        where m.state = 'active' and m.start_date <= current_date)`
    default:
      return undefined
  }
}

function milestoneCondition(eb: Eb, match: MilestoneCondition, negated: boolean): Condition {
  if (match.kind === 'any' || match.kind === 'none') {
    const isNull = (match.kind === 'none') !== negated
    return eb('merge_requests.milestone_id', isNull ? 'is' : 'is not', null)
  }
  const ids = milestoneIds(match) ?? sql`(select null::bigint)`
  return negated
    ? sql<SqlBool>`(merge_requests.milestone_id is null or merge_requests.milestone_id not in ${ids})`
    : sql<SqlBool>`merge_requests.milestone_id in ${ids}`
}

function emojiCondition(match: NameCondition, callerId: number): Condition {
  const mine = sql`select 1 from award_emoji e
    where e.merge_request_id = merge_requests.id and e.user_id = ${callerId}`
  switch (match.kind) {
    case 'any':
      return sql<SqlBool>`exists (${mine})`
    case 'none':
      return sql<SqlBool>`not exists (${mine})`
    case 'names': {
      const each = match.names.map((name) => sql<SqlBool>`exists (${mine} and e.name = ${name})`)
      return each.length === 0 ? TRUE : sql<SqlBool>`(${sql.join(each, sql` and `)})`
    }
  }
}

/** Conditions of one filter set (`negated` for the `not[...]` set). */
export function filterConditions(
  eb: Eb,
  filter: MergeRequestConditions,
  negated: boolean,
  callerId: number | undefined,
): Condition[] {
  const positive: Condition[] = []
  const not = (condition: Condition): Condition =>
    negated ? sql<SqlBool>`not (${condition})` : condition
  if (filter.author)
    positive.push(not(columnCondition(eb, 'merge_requests.author_id', filter.author)))
  if (filter.mergeUser) {
    positive.push(not(columnCondition(eb, 'merge_requests.merge_user_id', filter.mergeUser)))
  }
  if (filter.assignee)
    positive.push(not(personCondition('merge_request_assignees', filter.assignee)))
  if (filter.reviewer)
    positive.push(not(personCondition('merge_request_reviewers', filter.reviewer)))
  if (filter.approvedBy) positive.push(not(approvalCondition(filter.approvedBy)))
  if (filter.approver) positive.push(not(approverCondition(filter.approver)))
  if (filter.labels) positive.push(labelCondition(filter.labels, negated))
  if (filter.milestone) positive.push(milestoneCondition(eb, filter.milestone, negated))
  if (filter.myReactionEmoji && callerId !== undefined) {
    positive.push(not(emojiCondition(filter.myReactionEmoji, callerId)))
  }
  if (filter.createdAfter)
    positive.push(not(eb('merge_requests.created_at', '>=', filter.createdAfter)))
  if (filter.createdBefore)
    positive.push(not(eb('merge_requests.created_at', '<=', filter.createdBefore)))
  if (filter.updatedAfter)
    positive.push(not(eb('merge_requests.updated_at', '>=', filter.updatedAfter)))
  if (filter.updatedBefore)
    positive.push(not(eb('merge_requests.updated_at', '<=', filter.updatedBefore)))
  if (filter.deployment) positive.push(negated ? TRUE : FALSE)
  if (filter.sourceBranch !== undefined) {
    positive.push(not(eb('merge_requests.source_branch', '=', filter.sourceBranch)))
  }
  if (filter.targetBranch !== undefined) {
    positive.push(not(eb('merge_requests.target_branch', '=', filter.targetBranch)))
  }
  if (filter.commitSha !== undefined) positive.push(not(commitCondition(filter.commitSha)))
  if (filter.iids && filter.iids.length > 0)
    positive.push(not(eb('merge_requests.iid', 'in', filter.iids)))
  if (filter.draft !== undefined) positive.push(not(eb('merge_requests.draft', '=', filter.draft)))
  if (filter.search) positive.push(not(issuableSearchCondition('merge_requests', filter.search)))
  return positive
}
