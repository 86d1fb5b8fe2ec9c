/** subscriptions: a user's explicit choice to follow a merge request or not. */
import type { Kysely } from 'kysely'
import type { Database } from './schema.js'
import type { SubscriptionsPort } from '../domain/ports.js'

export class SubscriptionsStore implements SubscriptionsPort {
  constructor(private readonly db: Kysely<Database>) {}

  /** The user's explicit subscription choice for a request, if any. */
  async find(mergeRequestId: number, userId: number): Promise<boolean | undefined> {
    const row = await this.db
      .selectFrom('subscriptions')
      .select('subscribed')
      .where('merge_request_id', '=', mergeRequestId)
      .where('user_id', '=', userId)
      .executeTakeFirst()
    return row?.subscribed
  }

  /** Sets the user's subscription state, creating the row when there is none. */
  async save(mergeRequestId: number, userId: number, subscribed: boolean): Promise<void> {
    await this.db
      .insertInto('subscriptions')
      .values({ merge_request_id: mergeRequestId, user_id: userId, subscribed })
      .onConflict((oc) =>
        oc
          .columns(['merge_request_id', 'user_id'])
          .doUpdateSet({ subscribed, updated_at: new Date() }),
      )
      .execute()
  }
}
