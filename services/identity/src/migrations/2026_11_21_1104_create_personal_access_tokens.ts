import { sql, type Kysely } from 'kysely'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

export async function up(db: AnyDB): Promise<void> {
  await db.schema
    .createTable('personal_access_tokens')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('user_id', 'bigint', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text')
    // SHA-256 of the secret, hex; the secret itself is never stored.
    .addColumn('token_digest', 'text', (col) => col.notNull())
    .addColumn('scopes', sql`text[]`, (col) => col.notNull())
    .addColumn('revoked', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('expires_at', 'date')
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('personal_access_tokens_token_digest_key')
    .on('personal_access_tokens')
    .column('token_digest')
    .unique()
    .execute()
  await db.schema
    .createIndex('personal_access_tokens_user_id_idx')
    .on('personal_access_tokens')
    .column('user_id')
    .execute()
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.dropTable('personal_access_tokens').execute()
}
