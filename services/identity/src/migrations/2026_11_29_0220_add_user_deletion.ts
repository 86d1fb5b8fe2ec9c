import { sql, type Kysely } from 'kysely'
import { createOutboxTableV1 } from '@suite/runtime'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

/**
 * User deletion (Users::DestroyService): `internal_users` names the users the
 * system keeps for itself (GitLab's Ghost user, created on first need, which
 * receives deleted users' contributions), `user_deletions` the users whose
 * deletion was asked (their cleanup removes the row with the user), and
 * `user_deleted_outbox` the UserDeleted messages until they are queued.
 */
export async function up(db: AnyDB): Promise<void> {
  await db.schema
    .createTable('internal_users')
    .addColumn('kind', 'text', (col) => col.primaryKey().check(sql`kind in ('ghost')`))
    .addColumn('user_id', 'bigint', (col) => col.notNull().unique().references('users.id'))
    .execute()
  await db.schema
    .createTable('user_deletions')
    .addColumn('user_id', 'bigint', (col) => col.primaryKey())
    .addColumn('hard_delete', 'boolean', (col) => col.notNull())
    .addColumn('deleted_by_id', 'bigint')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute()
  // payload: UserDeleted.toJSON of gitlab.identity.v1.UserDeleted
  await createOutboxTableV1(db, 'user_deleted_outbox')
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.dropTable('user_deleted_outbox').execute()
  await db.schema.dropTable('user_deletions').execute()
  await db.schema.dropTable('internal_users').execute()
}
