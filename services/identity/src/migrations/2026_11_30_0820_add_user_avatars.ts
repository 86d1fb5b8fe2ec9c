import { sql, type Kysely } from 'kysely'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

/**
 * Uploaded user avatars: the file name on the user's row (avatar_url), the
 * bytes apart so that user lists never read them; gone with the user.
 */
export async function up(db: AnyDB): Promise<void> {
  await db.schema.alterTable('users').addColumn('avatar_filename', 'text').execute()
  await db.schema
    .createTable('user_avatars')
    .addColumn('user_id', 'bigint', (col) =>
      col.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('filename', 'text', (col) => col.notNull())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('content', 'bytea', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute()
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.dropTable('user_avatars').execute()
  await db.schema.alterTable('users').dropColumn('avatar_filename').execute()
}
