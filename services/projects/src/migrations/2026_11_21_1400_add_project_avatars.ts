import { sql, type Kysely } from 'kysely'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

/**
 * Uploaded project avatars (one per project, its bytes kept apart from the
 * projects row so that lists never read them), the avatar's file name on the
 * project for avatar_url, and the repository's object format.
 */
export async function up(db: AnyDB): Promise<void> {
  await db.schema
    .alterTable('projects')
    .addColumn('avatar_filename', 'text')
    .addColumn('repository_object_format', 'text', (col) =>
      col
        .notNull()
        .defaultTo('sha1')
        .check(sql`repository_object_format in ('sha1', 'sha256')`),
    )
    .execute()
  await db.schema
    .createTable('project_avatars')
    .addColumn('project_id', 'bigint', (col) =>
      col.primaryKey().references('projects.id').onDelete('cascade'),
    )
    .addColumn('filename', 'text', (col) => col.notNull())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('content', 'bytea', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute()
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.dropTable('project_avatars').execute()
  await db.schema
    .alterTable('projects')
    .dropColumn('avatar_filename')
    .dropColumn('repository_object_format')
    .execute()
}
