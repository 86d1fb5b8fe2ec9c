/** subscriptions: a user's explicit choice to follow a merge request or not. */
import type { Kysely } from 'kysely'
import type { Database } from './schema.js'

/** Sets the user's subscription state, creating the row when there is none. */
export async function saveSubscription(
  db: Kysely<Database>,
  mergeRequestId: number,
  userId: number,
  subscribed: boolean,
): Promise<void> {
  await db
    .insertInto('subscriptions')
    .values({ merge_request_id: mergeRequestId, user_id: userId, subscribed })
    .onConflict((oc) =>
      oc
        .columns(['merge_request_id', 'user_id'])
        .doUpdateSet({ subscribed, updated_at: new Date() }),
    )
    .execute()
}
