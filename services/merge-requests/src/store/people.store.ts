import type { Kysely } from 'kysely'
import type { Database } from './schema.js'

export type PersonTable = 'merge_request_assignees' | 'merge_request_reviewers'

/** Replaces a request's assignees or reviewers, keeping the given order. */
export async function setPeople(
  tx: Kysely<Database>,
  table: PersonTable,
  mergeRequestId: number,
  userIds: readonly number[],
): Promise<void> {
  await tx.deleteFrom(table).where('merge_request_id', '=', mergeRequestId).execute()
  const unique = [...new Set(userIds)]
  if (unique.length === 0) return
  await tx
    .insertInto(table)
    .values(
      unique.map((userId, position) => ({
        merge_request_id: mergeRequestId,
        user_id: userId,
        position,
      })),
    )
    .execute()
}

/** Assignees or reviewers of each request, in their order. */
export async function loadPeople(
  db: Kysely<Database>,
  table: PersonTable,
  mergeRequestIds: readonly number[],
): Promise<Map<number, number[]>> {
  const byRequest = new Map<number, number[]>()
  if (mergeRequestIds.length === 0) return byRequest
  const rows = await db
    .selectFrom(table)
    .select(['merge_request_id', 'user_id'])
    .where('merge_request_id', 'in', [...mergeRequestIds])
    .orderBy('merge_request_id')
    .orderBy('position')
    .orderBy('user_id')
    .execute()
  for (const row of rows) {
    const list = byRequest.get(row.merge_request_id) ?? []
    list.push(row.user_id)
    byRequest.set(row.merge_request_id, list)
  }
  return byRequest
}
