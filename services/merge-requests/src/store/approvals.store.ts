/** approvals of merge requests (CE: one row per approving user). */
import type { Kysely } from 'kysely'
import type { Approval } from '../domain/collaboration-records.js'
import type { Database } from './schema.js'
import type { ApprovalsPort } from '../domain/ports.js'

export class ApprovalsStore implements ApprovalsPort {
  constructor(private readonly db: Kysely<Database>) {}

  /** The merge request's approvals, oldest first. */
  async list(mergeRequestId: number): Promise<Approval[]> {
    const rows = await this.db
      .selectFrom('approvals')
      .selectAll()
      .where('merge_request_id', '=', mergeRequestId)
      .orderBy('created_at')
      .orderBy('user_id')
      .execute()
    return rows.map((row) => ({
      mergeRequestId: row.merge_request_id,
      userId: row.user_id,
      createdAt: row.created_at,
    }))
  }

  /** Stores an approval; false when the user had already approved. */
  async insert(mergeRequestId: number, userId: number): Promise<boolean> {
    const inserted = await this.db
      .insertInto('approvals')
      .values({ merge_request_id: mergeRequestId, user_id: userId })
      .onConflict((oc) => oc.columns(['merge_request_id', 'user_id']).doNothing())
      .returning('user_id')
      .executeTakeFirst()
    return inserted !== undefined
  }

  /** Removes the user's approval; false when there was none. */
  async delete(mergeRequestId: number, userId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('approvals')
      .where('merge_request_id', '=', mergeRequestId)
      .where('user_id', '=', userId)
      .executeTakeFirst()
    return result.numDeletedRows > 0n
  }

  /** Number of approvals of each request. */
  async countFor(ids: readonly number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map()
    const rows = await this.db
      .selectFrom('approvals')
      .select(['merge_request_id', (eb) => eb.fn.countAll<number>().as('count')])
      .where('merge_request_id', 'in', [...ids])
      .groupBy('merge_request_id')
      .execute()
    return new Map(rows.map((row) => [row.merge_request_id, Number(row.count)]))
  }
}
