/** GitLab's rebase_jid: the job of the rebase running on a merge request. */
import { sql, type Kysely } from 'kysely'
import type { RebasesPort } from '../domain/store-ports.js'
import type { Database } from './schema.js'

export class RebasesStore implements RebasesPort {
  constructor(private readonly db: Kysely<Database>) {}

  async start(id: number, jid: string, runningSince: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('merge_requests')
      .set({ rebase_jid: jid, rebase_requested_at: sql<Date>`now()`, merge_error: null })
      .where('id', '=', id)
      .where('state', '=', 'opened')
      .where((eb) =>
        eb.or([eb('rebase_jid', 'is', null), eb('rebase_requested_at', '<', runningSince)]),
      )
      .executeTakeFirst()
    return Number(result.numUpdatedRows) > 0
  }

  async isCurrent(id: number, jid: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('merge_requests')
      .select('id')
      .where('id', '=', id)
      .where('rebase_jid', '=', jid)
      .executeTakeFirst()
    return row !== undefined
  }

  async finish(id: number, jid: string, mergeError: string | undefined): Promise<void> {
    await this.db
      .updateTable('merge_requests')
      .set({
        rebase_jid: null,
        rebase_requested_at: null,
        ...(mergeError === undefined ? {} : { merge_error: mergeError }),
      })
      .where('id', '=', id)
      .where('rebase_jid', '=', jid)
      .execute()
  }
}
