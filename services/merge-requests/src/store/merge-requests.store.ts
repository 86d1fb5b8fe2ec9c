import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely'
import type { MergeRequestListQuery } from '../domain/list-conditions.js'
import { filterConditions } from './merge-request-filters.js'
import { readableCondition } from './readable-projects.js'
import type { Database, MergeRequestsTable } from './schema.js'

export type MergeRequestRecord = Selectable<MergeRequestsTable>
export type NewMergeRequest = Omit<Insertable<MergeRequestsTable>, 'iid'>
export type MergeRequestPatch = Updateable<MergeRequestsTable>

/** The request `iid` of a project. */
export function findMergeRequestByIid(
  db: Kysely<Database>,
  projectId: number,
  iid: number,
): Promise<MergeRequestRecord | undefined> {
  return db
    .selectFrom('merge_requests')
    .selectAll()
    .where('target_project_id', '=', projectId)
    .where('iid', '=', iid)
    .executeTakeFirst()
}

/** Requests by global id, in no particular order; unknown ids are left out. */
export async function findMergeRequestsByIds(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<MergeRequestRecord[]> {
  if (ids.length === 0) return []
  return db
    .selectFrom('merge_requests')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute()
}

/** The request created earlier with this idempotency key, if any. */
export function findMergeRequestByIdempotencyKey(
  db: Kysely<Database>,
  key: string,
): Promise<MergeRequestRecord | undefined> {
  return db
    .selectFrom('merge_requests')
    .selectAll()
    .where('idempotency_key', '=', key)
    .executeTakeFirst()
}

export interface BranchPair {
  sourceProjectId: number
  targetProjectId: number
  sourceBranch: string
  targetBranch: string
}

/** An open request with the same source and target (validate_branches), other than `exceptId`. */
export function findOpenWithBranches(
  db: Kysely<Database>,
  pair: BranchPair,
  exceptId?: number,
): Promise<{ iid: number } | undefined> {
  let query = db
    .selectFrom('merge_requests')
    .select('iid')
    .where('state', '=', 'opened')
    .where('source_project_id', '=', pair.sourceProjectId)
    .where('source_branch', '=', pair.sourceBranch)
    .where('target_project_id', '=', pair.targetProjectId)
    .where('target_branch', '=', pair.targetBranch)
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId)
  return query.orderBy('id').limit(1).executeTakeFirst()
}

/**
 * Inserts a request with the project's next iid. A transaction-scoped
 * advisory lock per project serialises iid allocation (call inside a transaction).
 */
export async function insertMergeRequest(
  tx: Kysely<Database>,
  values: NewMergeRequest,
): Promise<MergeRequestRecord> {
  const projectId = Number(values.target_project_id)
  await sql`select pg_advisory_xact_lock(hashtext(${`merge_requests.iid:${projectId}`}))`.execute(
    tx,
  )
  const last = await tx
    .selectFrom('merge_requests')
    .select((eb) => eb.fn.max('iid').as('iid'))
    .where('target_project_id', '=', projectId)
    .executeTakeFirst()
  return tx
    .insertInto('merge_requests')
    .values({ ...values, iid: (last?.iid ?? 0) + 1 })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** Applies a patch; the updated row. */
export function updateMergeRequestRow(
  tx: Kysely<Database>,
  id: number,
  patch: MergeRequestPatch,
): Promise<MergeRequestRecord> {
  return tx
    .updateTable('merge_requests')
    .set(patch)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** Deletes a request (its people, labels, diffs and the rest cascade). */
export async function deleteMergeRequestRow(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('merge_requests').where('id', '=', id).execute()
}

const ORDER_COLUMNS = {
  created_at: 'merge_requests.created_at',
  updated_at: 'merge_requests.updated_at',
  title: 'merge_requests.title',
  merged_at: 'merge_requests.merged_at',
} as const

/** One page of a list and the number of rows of the whole list. */
export async function listMergeRequestRows(
  db: Kysely<Database>,
  query: MergeRequestListQuery,
): Promise<{ rows: MergeRequestRecord[]; total: number }> {
  const projects = query.projects
  const base = db.selectFrom('merge_requests').where((eb) => {
    const conditions = [
      ...filterConditions(eb, query.include, false, query.callerId),
      ...filterConditions(eb, query.exclude, true, query.callerId),
    ]
    conditions.push(
      projects.kind === 'project'
        ? eb('merge_requests.target_project_id', '=', projects.projectId)
        : readableCondition(projects),
    )
    if (query.state) conditions.push(eb('merge_requests.state', '=', query.state))
    const scope = query.scope
    if (scope?.role === 'author') conditions.push(eb('merge_requests.author_id', '=', scope.userId))
    if (scope?.role === 'assignee' || scope?.role === 'reviewer') {
      const table = sql.table(
        scope.role === 'assignee' ? 'merge_request_assignees' : 'merge_request_reviewers',
      )
      conditions.push(sql<boolean>`exists (select 1 from ${table} s
        where s.merge_request_id = merge_requests.id and s.user_id = ${scope.userId})`)
    }
    return eb.and(conditions)
  })
  const direction = query.ascending ? 'asc' : 'desc'
  const column = ORDER_COLUMNS[query.orderBy]
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy(sql`${sql.ref(column)} ${sql.raw(direction)} nulls last`)
      .orderBy('merge_requests.id', direction)
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
  ])
  return { rows, total: Number(count?.total ?? 0) }
}
