/**
 * Time tracking of merge requests and issues: their time_estimate, the
 * timelogs and their running sum in total_time_spent.
 */
import type { Kysely } from 'kysely'
import type { NoteableRef, SpendTime } from '../domain/collaboration-records.js'
import type { TrackedTimes } from '../domain/time-stats.js'
import type { Database } from './schema.js'
import { inTransaction } from './transactions.js'
import type { TimelogsPort } from '../domain/ports.js'

/** The table that keeps the trackable's times, and the timelogs column naming it. */
function placeOf(ref: NoteableRef) {
  return ref.type === 'Issue'
    ? ({ table: 'issues', column: 'issue_id' } as const)
    : ({ table: 'merge_requests', column: 'merge_request_id' } as const)
}

/** Sets the trackable's times in `db` and answers them. */
async function setTimes(
  db: Kysely<Database>,
  ref: NoteableRef,
  values: { time_estimate?: number; total_time_spent?: number },
): Promise<TrackedTimes> {
  const row = await db
    .updateTable(placeOf(ref).table)
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', ref.id)
    .returning(['time_estimate', 'total_time_spent'])
    .executeTakeFirstOrThrow()
  return { timeEstimate: row.time_estimate, totalTimeSpent: row.total_time_spent }
}

export class TimelogsStore implements TimelogsPort {
  constructor(private readonly db: Kysely<Database>) {}

  /** Sets the estimate (seconds) of a request or issue and answers its times. */
  saveTimeEstimate(trackable: NoteableRef, seconds: number): Promise<TrackedTimes> {
    return setTimes(this.db, trackable, { time_estimate: seconds })
  }

  /**
   * Logs spent time and moves total_time_spent with it in one transaction,
   * with the request's or issue's row locked so that concurrent logs add up.
   */
  spendTime(spend: SpendTime): Promise<TrackedTimes> {
    const { table, column } = placeOf(spend.trackable)
    return inTransaction(this.db, async (trx) => {
      const current = await trx
        .selectFrom(table)
        .select('total_time_spent')
        .where('id', '=', spend.trackable.id)
        .forUpdate()
        .executeTakeFirstOrThrow()
      const seconds = spend.seconds(current.total_time_spent)
      if (seconds !== 0) {
        await trx
          .insertInto('timelogs')
          .values({
            [column]: spend.trackable.id,
            user_id: spend.userId,
            time_spent: seconds,
            summary: spend.summary ?? null,
          })
          .execute()
      }
      return setTimes(trx, spend.trackable, {
        total_time_spent: current.total_time_spent + seconds,
      })
    })
  }
}
