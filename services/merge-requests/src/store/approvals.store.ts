/** approvals of merge requests (CE: one row per approving user). */
import type { Kysely, Selectable } from 'kysely'
import type { ApprovalsTable, Database } from './schema.js'

export type ApprovalRow = Selectable<ApprovalsTable>

/** The merge request's approvals, oldest first. */
export function listApprovals(
  db: Kysely<Database>,
  mergeRequestId: number,
): Promise<ApprovalRow[]> {
  return db
    .selectFrom('approvals')
    .selectAll()
    .where('merge_request_id', '=', mergeRequestId)
    .orderBy('created_at')
    .orderBy('user_id')
    .execute()
}

/** Stores an approval; false when the user had already approved. */
export async function insertApproval(
  db: Kysely<Database>,
  mergeRequestId: number,
  userId: number,
): Promise<boolean> {
  const inserted = await db
    .insertInto('approvals')
    .values({ merge_request_id: mergeRequestId, user_id: userId })
    .onConflict((oc) => oc.columns(['merge_request_id', 'user_id']).doNothing())
    .returning('user_id')
    .executeTakeFirst()
  return inserted !== undefined
}

/** Removes the user's approval; false when there was none. */
export async function deleteApproval(
  db: Kysely<Database>,
  mergeRequestId: number,
  userId: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom('approvals')
    .where('merge_request_id', '=', mergeRequestId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return result.numDeletedRows > 0n
}
