/**
 * Time tracking of merge requests: merge_requests.time_estimate, the
 * timelogs and their running sum in merge_requests.total_time_spent.
 */
import type { Kysely } from 'kysely'
import type { SpendTime } from '../domain/collaboration-records.js'
import type { MergeRequest } from '../domain/merge-request.js'
import { toMergeRequest } from './merge-request-rows.js'
import type { Database } from './schema.js'
import { inTransaction } from './transactions.js'
import type { TimelogsPort } from '../domain/ports.js'

export class TimelogsStore implements TimelogsPort {
  constructor(private readonly db: Kysely<Database>) {}

  /** Sets the estimate (seconds) and answers the updated request. */
  async saveTimeEstimate(mergeRequestId: number, seconds: number): Promise<MergeRequest> {
    const row = await this.db
      .updateTable('merge_requests')
      .set({ time_estimate: seconds, updated_at: new Date() })
      .where('id', '=', mergeRequestId)
      .returningAll()
      .executeTakeFirstOrThrow()
    return toMergeRequest(row)
  }

  /**
   * Logs spent time and moves total_time_spent with it in one transaction,
   * with the merge request's row locked so that concurrent logs add up.
   */
  spendTime(spend: SpendTime): Promise<MergeRequest> {
    return inTransaction(this.db, async (trx) => {
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
      const row = await trx
        .updateTable('merge_requests')
        .set({ total_time_spent: current.total_time_spent + seconds, updated_at: new Date() })
        .where('id', '=', spend.mergeRequestId)
        .returningAll()
        .executeTakeFirstOrThrow()
      return toMergeRequest(row)
    })
  }
}
