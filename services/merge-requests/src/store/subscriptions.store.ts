/** subscriptions: a user's explicit choice to follow a merge request or an issue, or not. */
import type { Kysely } from 'kysely'
import type { Database } from './schema.js'
import type { NoteableRef } from '../domain/collaboration-records.js'
import type { SubscriptionsPort } from '../domain/ports.js'

/** The column that names the subscribable's kind. */
function columnOf(ref: NoteableRef): 'merge_request_id' | 'issue_id' {
  return ref.type === 'Issue' ? 'issue_id' : 'merge_request_id'
}

export class SubscriptionsStore implements SubscriptionsPort {
  constructor(private readonly db: Kysely<Database>) {}

  /** The user's explicit subscription choice for a request or issue, if any. */
  async find(ref: NoteableRef, userId: number): Promise<boolean | undefined> {
    const row = await this.db
      .selectFrom('subscriptions')
      .select('subscribed')
      .where(columnOf(ref), '=', ref.id)
      .where('user_id', '=', userId)
      .executeTakeFirst()
    return row?.subscribed
  }

  /** The user's explicit choices for these issues, by issue id. */
  async findForIssues(issueIds: readonly number[], userId: number): Promise<Map<number, boolean>> {
    if (issueIds.length === 0) return new Map()
    const rows = await this.db
      .selectFrom('subscriptions')
      .select(['issue_id', 'subscribed'])
      .where('issue_id', 'in', [...issueIds])
      .where('user_id', '=', userId)
      .execute()
    return new Map(
      rows.flatMap((row) => (row.issue_id === null ? [] : [[row.issue_id, row.subscribed]])),
    )
  }

  /** Sets the user's subscription state, creating the row when there is none. */
  async save(ref: NoteableRef, userId: number, subscribed: boolean): Promise<void> {
    const column = columnOf(ref)
    await this.db
      .insertInto('subscriptions')
      .values({ [column]: ref.id, user_id: userId, subscribed })
      .onConflict((oc) =>
        oc
          .columns([column, 'user_id'])
          .where(column, 'is not', null)
          .doUpdateSet({ subscribed, updated_at: new Date() }),
      )
      .execute()
  }
}
