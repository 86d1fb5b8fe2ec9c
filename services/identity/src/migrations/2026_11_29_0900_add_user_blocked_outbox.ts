import type { Kysely } from 'kysely'
import { createOutboxTableV1 } from '@suite/runtime'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

/**
 * `user_blocked_outbox`: the UserBlocked messages written with a user's move
 * into the blocked state, until the relay queues them to `ci.user-blocked`
 * (the CI service drops the user's running pipelines).
 */
export async function up(db: AnyDB): Promise<void> {
  // payload: UserBlocked.toJSON of gitlab.identity.v1.UserBlocked
  await createOutboxTableV1(db, 'user_blocked_outbox')
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.dropTable('user_blocked_outbox').execute()
}
