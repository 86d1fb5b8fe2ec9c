import { sql, type Kysely } from 'kysely'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

/** A user's status (GitLab's user_statuses): one row per user, gone with the user. */
export async function up(db: AnyDB): Promise<void> {
  await db.schema
    .createTable('user_statuses')
    .addColumn('user_id', 'bigint', (col) =>
      col.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('emoji', 'text', (col) => col.notNull().defaultTo('speech_balloon'))
    .addColumn('message', 'text')
    .addColumn('availability', 'text', (col) => col.notNull().defaultTo('not_set'))
    .addColumn('clear_status_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute()
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.dropTable('user_statuses').execute()
}
