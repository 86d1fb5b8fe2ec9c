/**
 * Time tracking of merge requests: merge_requests.time_estimate, the
 * timelogs and their running sum in merge_requests.total_time_spent.
 */
import type { Kysely } from 'kysely'
import type { MergeRequestRow } from '../domain/merge-request-access.js'
import type { Database } from './schema.js'

/** Sets the estimate (seconds) and answers the updated row. */
export function saveTimeEstimate(
  db: Kysely<Database>,
  mergeRequestId: number,
  seconds: number,
): Promise<MergeRequestRow> {
  return db
    .updateTable('merge_requests')
    .set({ time_estimate: seconds, updated_at: new Date() })
    .where('id', '=', mergeRequestId)
    .returningAll()
    .executeTakeFirstOrThrow()
}

export interface SpendTime {
  mergeRequestId: number
  userId: number
  summary?: string | undefined
  /**
   * The seconds to log given the total spent so far (read under a row lock);
   * it may throw to refuse, and 0 logs nothing.
   */
  seconds: (totalTimeSpent: number) => number
}

/**
 * Logs spent time and moves total_time_spent with it in one transaction,
 * with the merge request's row locked so that concurrent logs add up.
 */
export function spendTime(db: Kysely<Database>, spend: SpendTime): Promise<MergeRequestRow> {
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('merge_requests')
      .select('total_time_spent')
      .where('id', '=', spend.mergeRequestId)
      .forUpdate()
      .executeTakeFirstOrThrow()
    const seconds = spend.seconds(current.total_time_spent)
    if (seconds !== 0) {
      await trx
        .insertInto('timelogs')
        .values({
          merge_request_id: spend.mergeRequestId,
          user_id: spend.userId,
          time_spent: seconds,
          summary: spend.summary ?? null,
        })
        .execute()
    }
    return trx
      .updateTable('merge_requests')
      .set({ total_time_spent: current.total_time_spent + seconds, updated_at: new Date() })
      .where('id', '=', spend.mergeRequestId)
      .returningAll()
      .executeTakeFirstOrThrow()
  })
}
