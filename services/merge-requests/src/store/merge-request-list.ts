import { sql, type CompiledQuery, type Kysely } from 'kysely'
import { PLAN_PER_RUN, TaggedCache, type Registry } from '@suite/runtime'
import type { MergeRequestListQuery } from '../domain/list-conditions.js'
import { filterConditions } from './merge-request-filters.js'
import type { MergeRequestRow } from './merge-request-rows.js'
import { readableCondition } from './readable-projects.js'
import type { Database } from './schema.js'

const ORDER_COLUMNS = {
  created_at: 'merge_requests.created_at',
  updated_at: 'merge_requests.updated_at',
  title: 'merge_requests.title',
  merged_at: 'merge_requests.merged_at',
} as const

/** Of the order columns only merged_at may be null; the others sort as their indexes do. */
const NULLABLE_ORDER = new Set<string>(['merge_requests.merged_at'])

/**
 * GitLab counts a list up to 10,000 rows (COUNT over LIMIT 10,001) and leaves
 * X-Total out beyond: an exact count of a big project costs more than the page.
 */
export const COUNT_LIMIT = 10_000

interface HeldCount {
  total: number
  tags: readonly string[]
}

/**
 * Counts of project lists held until a change event names the project: the
 * count (up to 10,001 matching rows) costs more than the page, and it is the
 * same for every page and every viewer with the same filters.
 */
export type ListCounts = TaggedCache<HeldCount>

export function createListCounts(registry?: Registry): ListCounts {
  return new TaggedCache<HeldCount>({
    name: 'merge_request_counts',
    maxSize: 10_000,
    sizeOf: () => 1,
    registry,
  })
}

/** One page of a list and the number of rows of the whole list. */
export async function listMergeRequestRows(
  db: Kysely<Database>,
  query: MergeRequestListQuery,
  counts?: ListCounts,
): Promise<{ rows: MergeRequestRow[]; total: number; totalUnknown: boolean }> {
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
  // `nulls last` on a NOT NULL column would keep PostgreSQL from the (…, created_at DESC, id DESC) indexes.
  const nulls = NULLABLE_ORDER.has(column) ? sql.raw(' nulls last') : sql.raw('')
  const countQuery = db
    .selectFrom(
      base
        .select(sql<number>`1`.as('one'))
        .limit(COUNT_LIMIT + 1)
        .as('capped'),
    )
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .modifyEnd(sql.raw(PLAN_PER_RUN))
  const [rows, total] = await Promise.all([
    base
      .selectAll()
      .orderBy(sql`${sql.ref(column)} ${sql.raw(direction)}${nulls}`)
      .orderBy('merge_requests.id', direction)
      .limit(query.limit)
      .offset(query.offset)
      .modifyEnd(sql.raw(PLAN_PER_RUN))
      .execute(),
    countRows(
      countQuery,
      projects.kind === 'project' ? counts : undefined,
      projects.kind === 'project' ? projects.projectId : 0,
    ),
  ])
  return { rows, total: Math.min(total, COUNT_LIMIT), totalUnknown: total > COUNT_LIMIT }
}

/** Runs a capped count, through `counts` (keyed by its SQL and values) when given. */
async function countRows(
  query: { compile(): CompiledQuery; executeTakeFirst(): Promise<{ total: number } | undefined> },
  counts: ListCounts | undefined,
  projectId: number,
): Promise<number> {
  const count = async () => Number((await query.executeTakeFirst())?.total ?? 0)
  if (!counts) return count()
  const compiled = query.compile()
  const key = `${compiled.sql}\0${JSON.stringify(compiled.parameters)}`
  const held = await counts.getOrFill(key, async () => ({
    total: await count(),
    tags: [`p:${projectId}`],
  }))
  return held.total
}
