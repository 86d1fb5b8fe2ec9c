import type { Kysely, Selectable } from 'kysely'
import type { Database, MergeRequestDiffsTable } from './schema.js'

export type DiffRecord = Selectable<MergeRequestDiffsTable>

/** Diff versions by id (the requests' latest_diff_id). */
export async function loadDiffs(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<Map<number, DiffRecord>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .selectFrom('merge_request_diffs')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute()
  return new Map(rows.map((row) => [row.id, row]))
}

/** Which of the requests an open request blocks (merge_request_blocks). */
export async function loadBlocked(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set()
  const rows = await db
    .selectFrom('merge_request_blocks')
    .innerJoin(
      'merge_requests',
      'merge_requests.id',
      'merge_request_blocks.blocking_merge_request_id',
    )
    .select('merge_request_blocks.blocked_merge_request_id as id')
    .where('merge_request_blocks.blocked_merge_request_id', 'in', [...ids])
    .where('merge_requests.state', '=', 'opened')
    .execute()
  return new Set(rows.map((row) => row.id))
}

/** Number of approvals of each request. */
export async function loadApprovalCounts(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .selectFrom('approvals')
    .select(['merge_request_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('merge_request_id', 'in', [...ids])
    .groupBy('merge_request_id')
    .execute()
  return new Map(rows.map((row) => [row.merge_request_id, Number(row.count)]))
}

/** The user's explicit subscription choice for a request, if any. */
export async function findSubscription(
  db: Kysely<Database>,
  mergeRequestId: number,
  userId: number,
): Promise<boolean | undefined> {
  const row = await db
    .selectFrom('subscriptions')
    .select('subscribed')
    .where('merge_request_id', '=', mergeRequestId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return row?.subscribed
}
