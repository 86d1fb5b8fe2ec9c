import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type Selectable,
  type SqlBool,
} from 'kysely'
import type {
  Issue,
  IssueChanges,
  IssueListQuery,
  IssuesPort,
  IssueState,
  NewIssue,
} from '../domain/issue.js'
import type { Label } from '../domain/label.js'
import type {
  MergeRequestConditions,
  MilestoneCondition,
  NameCondition,
  UserCondition,
} from '../domain/list-conditions.js'
import { toLabel } from './labels.store.js'
import { readableCondition } from './readable-projects.js'
import { issuableSearchCondition } from './issuable-search.js'
import type { Database, IssuesTable } from './schema.js'

type Eb = ExpressionBuilder<Database, 'issues'>
type Condition = Expression<SqlBool>

const TRUE = sql<SqlBool>`true`
const FALSE = sql<SqlBool>`false`

/** The largest iid the issues.iid column (integer) holds. */
const INT4_MAX = 2_147_483_647

function toIssue(row: Selectable<IssuesTable>): Issue {
  return {
    id: row.id,
    projectId: row.project_id,
    iid: row.iid,
    authorId: row.author_id,
    title: row.title,
    description: row.description,
    state: row.state as IssueState,
    confidential: row.confidential,
    discussionLocked: row.discussion_locked,
    dueDate: row.due_date,
    milestoneId: row.milestone_id,
    closedAt: row.closed_at,
    closedById: row.closed_by_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    userNotesCount: row.user_notes_count,
    timeEstimate: row.time_estimate,
    totalTimeSpent: row.total_time_spent,
    upvotes: row.upvotes,
    downvotes: row.downvotes,
  }
}

function patch(changes: IssueChanges) {
  return {
    ...(changes.title !== undefined ? { title: changes.title } : {}),
    ...(changes.description !== undefined ? { description: changes.description } : {}),
    ...(changes.state !== undefined ? { state: changes.state } : {}),
    ...(changes.confidential !== undefined ? { confidential: changes.confidential } : {}),
    ...(changes.discussionLocked !== undefined
      ? { discussion_locked: changes.discussionLocked }
      : {}),
    ...(changes.dueDate !== undefined ? { due_date: changes.dueDate } : {}),
    ...(changes.milestoneId !== undefined ? { milestone_id: changes.milestoneId } : {}),
    ...(changes.closedAt !== undefined ? { closed_at: changes.closedAt } : {}),
    ...(changes.closedById !== undefined ? { closed_by_id: changes.closedById } : {}),
    ...(changes.updatedAt !== undefined ? { updated_at: changes.updatedAt } : {}),
  }
}

function authorCondition(eb: Eb, match: UserCondition): Condition {
  switch (match.kind) {
    case 'nobody':
    case 'none':
      return FALSE
    case 'any':
      return TRUE
    case 'user':
      return eb('issues.author_id', '=', match.id)
  }
}

function assigneeCondition(match: UserCondition): Condition {
  switch (match.kind) {
    case 'nobody':
      return FALSE
    case 'any':
      return sql<SqlBool>`exists (select 1 from issue_assignees a where a.issue_id = issues.id)`
    case 'none':
      return sql<SqlBool>`not exists (select 1 from issue_assignees a where a.issue_id = issues.id)`
    case 'user':
      return sql<SqlBool>`exists (select 1 from issue_assignees a
        where a.issue_id = issues.id and a.user_id = ${match.id})`
  }
}

/** Every one of the titles (one subquery whatever their number), None or Any. */
function labelCondition(match: NameCondition): Condition {
  const anyLabel = sql<SqlBool>`exists (select 1 from issue_labels il where il.issue_id = issues.id)`
  switch (match.kind) {
    case 'any':
      return anyLabel
    case 'none':
      return sql<SqlBool>`not ${anyLabel}`
    case 'names': {
      const titles = [...new Set(match.names)]
      if (titles.length === 0) return TRUE
      return sql<SqlBool>`(select count(distinct l.title) from issue_labels il
        join labels l on l.id = il.label_id
        where il.issue_id = issues.id and l.title = any(${sql.val(titles)}::text[])) = ${titles.length}`
    }
  }
}

function milestoneCondition(eb: Eb, match: MilestoneCondition): Condition {
  switch (match.kind) {
    case 'any':
      return eb('issues.milestone_id', 'is not', null)
    case 'none':
      return eb('issues.milestone_id', 'is', null)
    case 'names':
      return sql<SqlBool>`issues.milestone_id in (select m.id from milestones m
        where m.project_id = issues.project_id and m.title = any(${sql.val(match.names)}::text[]))`
    case 'upcoming':
      return sql<SqlBool>`issues.milestone_id in (select distinct on (m.project_id) m.id
        from milestones m where m.state = 'active' and m.due_date > current_date
        order by m.project_id, m.due_date asc)`
    case 'started':
      return sql<SqlBool>`issues.milestone_id in (select m.id from milestones m
        where m.state = 'active' and m.start_date <= current_date)`
  }
}

/** The list filters issues take (author, assignee, labels, milestone, dates, iids, search). */
function filterConditions(eb: Eb, filter: MergeRequestConditions): Condition[] {
  const conditions: Condition[] = []
  if (filter.author) conditions.push(authorCondition(eb, filter.author))
  if (filter.assignee) conditions.push(assigneeCondition(filter.assignee))
  if (filter.labels) conditions.push(labelCondition(filter.labels))
  if (filter.milestone) conditions.push(milestoneCondition(eb, filter.milestone))
  if (filter.createdAfter) conditions.push(eb('issues.created_at', '>=', filter.createdAfter))
  if (filter.createdBefore) conditions.push(eb('issues.created_at', '<=', filter.createdBefore))
  if (filter.updatedAfter) conditions.push(eb('issues.updated_at', '>=', filter.updatedAfter))
  if (filter.updatedBefore) conditions.push(eb('issues.updated_at', '<=', filter.updatedBefore))
  if (filter.iids && filter.iids.length > 0) {
    const iids = filter.iids.filter((iid) => iid >= 0 && iid <= INT4_MAX)
    conditions.push(iids.length === 0 ? FALSE : eb('issues.iid', 'in', iids))
  }
  if (filter.search) conditions.push(issuableSearchCondition('issues', filter.search))
  return conditions
}

/** The issues of projects, their assignees and labels. */
export class IssuesStore implements IssuesPort {
  constructor(private readonly db: Kysely<Database>) {}

  async findByIid(projectId: number, iid: number): Promise<Issue | undefined> {
    if (!Number.isSafeInteger(iid) || iid > INT4_MAX || iid < -INT4_MAX - 1) return undefined
    const row = await this.db
      .selectFrom('issues')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('iid', '=', iid)
      .executeTakeFirst()
    return row && toIssue(row)
  }

  /**
   * Inserts an issue with the project's next issue iid. A transaction-scoped
   * advisory lock per project serialises iid allocation (call inside a transaction).
   */
  async insert(values: NewIssue): Promise<Issue> {
    await sql`select pg_advisory_xact_lock(hashtext(${`issues.iid:${values.projectId}`}))`.execute(
      this.db,
    )
    const last = await this.db
      .selectFrom('issues')
      .select((eb) => eb.fn.max('iid').as('iid'))
      .where('project_id', '=', values.projectId)
      .executeTakeFirst()
    const row = await this.db
      .insertInto('issues')
      .values({
        project_id: values.projectId,
        iid: (last?.iid ?? 0) + 1,
        author_id: values.authorId,
        title: values.title,
        description: values.description,
        confidential: values.confidential,
        discussion_locked: values.discussionLocked,
        due_date: values.dueDate,
        milestone_id: values.milestoneId,
        created_at: values.createdAt,
        updated_at: values.createdAt,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    return toIssue(row)
  }

  async update(id: number, changes: IssueChanges): Promise<Issue> {
    const row = await this.db
      .updateTable('issues')
      .set(patch(changes))
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow()
    return toIssue(row)
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('issues').where('id', '=', id).execute()
  }

  async assigneeIds(issueIds: readonly number[]): Promise<Map<number, number[]>> {
    const found = new Map<number, number[]>()
    if (issueIds.length === 0) return found
    const rows = await this.db
      .selectFrom('issue_assignees')
      .select(['issue_id', 'user_id'])
      .where('issue_id', 'in', [...issueIds])
      .orderBy('issue_id')
      .orderBy('position')
      .execute()
    for (const row of rows) {
      const list = found.get(row.issue_id) ?? []
      list.push(row.user_id)
      found.set(row.issue_id, list)
    }
    return found
  }

  async setAssignees(issueId: number, userIds: readonly number[]): Promise<void> {
    await this.db.deleteFrom('issue_assignees').where('issue_id', '=', issueId).execute()
    const unique = [...new Set(userIds)]
    if (unique.length === 0) return
    await this.db
      .insertInto('issue_assignees')
      .values(unique.map((userId, position) => ({ issue_id: issueId, user_id: userId, position })))
      .execute()
  }

  async labelIds(issueId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('issue_labels')
      .select('label_id')
      .where('issue_id', '=', issueId)
      .execute()
    return rows.map((row) => row.label_id)
  }

  async setLabelIds(issueId: number, labelIds: readonly number[]): Promise<void> {
    await this.db.deleteFrom('issue_labels').where('issue_id', '=', issueId).execute()
    const unique = [...new Set(labelIds)]
    if (unique.length === 0) return
    await this.db
      .insertInto('issue_labels')
      .values(unique.map((labelId) => ({ issue_id: issueId, label_id: labelId })))
      .execute()
  }

  async labels(issueIds: readonly number[]): Promise<Map<number, Label[]>> {
    const found = new Map<number, Label[]>()
    if (issueIds.length === 0) return found
    const rows = await this.db
      .selectFrom('issue_labels')
      .innerJoin('labels', 'labels.id', 'issue_labels.label_id')
      .selectAll('labels')
      .select('issue_labels.issue_id')
      .where('issue_labels.issue_id', 'in', [...issueIds])
      .execute()
    for (const row of rows) {
      const list = found.get(row.issue_id) ?? []
      list.push(toLabel(row))
      found.set(row.issue_id, list)
    }
    return found
  }

  async list(query: IssueListQuery): Promise<{ rows: Issue[]; total: number }> {
    const projects = query.projects
    const base = this.db
      .selectFrom('issues')
      .where(
        projects.kind === 'project'
          ? sql<SqlBool>`issues.project_id = ${projects.projectId}`
          : readableCondition(projects, {
              prefix: 'read_issue',
              projectColumn: 'issues.project_id',
            }),
      )
      .where((eb) => {
        const conditions = filterConditions(eb, query.include)
        if (query.state) conditions.push(eb('issues.state', '=', query.state))
        if (query.confidential !== undefined) {
          conditions.push(eb('issues.confidential', '=', query.confidential))
        }
        if (query.scope?.role === 'author') {
          conditions.push(eb('issues.author_id', '=', query.scope.userId))
        } else if (query.scope?.role === 'assignee') {
          conditions.push(sql<SqlBool>`exists (select 1 from issue_assignees s
            where s.issue_id = issues.id and s.user_id = ${query.scope.userId})`)
        }
        const visible = query.confidentialVisibleTo
        if (visible !== 'all') {
          conditions.push(
            sql<SqlBool>`(not issues.confidential or issues.author_id = ${visible.userId}
              or exists (select 1 from issue_assignees v
                where v.issue_id = issues.id and v.user_id = ${visible.userId}))`,
          )
        }
        return eb.and(conditions)
      })
    const direction = query.ascending ? 'asc' : 'desc'
    const column = `issues.${query.orderBy}` as const
    const [rows, count] = await Promise.all([
      base
        .selectAll('issues')
        .orderBy(sql.ref(column), sql.raw(`${direction} nulls last`))
        .orderBy('issues.id', direction)
        .limit(query.limit)
        .offset(query.offset)
        .execute(),
      base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    ])
    return { rows: rows.map(toIssue), total: Number(count.count) }
  }
}
