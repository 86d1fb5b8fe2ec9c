import { sql, type Kysely } from 'kysely'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

/**
 * Pipeline trigger tokens (GitLab's ci_triggers). The token is kept only
 * sealed (AES-256-GCM, see SecretBox) so that its owner can see it again, and
 * as a keyed digest, unique, which is what a trigger request looks up.
 * No change-event trigger: no gateway cache shows trigger tokens.
 */
export async function up(db: AnyDB): Promise<void> {
  await db.schema
    .createTable('ci_triggers')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('project_id', 'bigint', (col) => col.notNull())
    // The user may be deleted later: the token then shows no owner and no longer triggers.
    .addColumn('owner_id', 'bigint', (col) => col.notNull())
    // Null once an update gave none, as GitLab's declared params leave it.
    .addColumn('description', 'text')
    .addColumn('token_encrypted', 'text', (col) => col.notNull())
    .addColumn('token_digest', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_used', 'timestamptz')
    .addColumn('expires_at', 'timestamptz')
    .execute()
  await db.schema
    .createIndex('ci_triggers_project_id_id_idx')
    .on('ci_triggers')
    .columns(['project_id', 'id'])
    .execute()
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.dropTable('ci_triggers').execute()
}
