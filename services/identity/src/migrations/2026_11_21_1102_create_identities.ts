import { sql, type Kysely } from 'kysely'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

export async function up(db: AnyDB): Promise<void> {
  // A group's SAML provider; group SAML identities point at it.
  await db.schema
    .createTable('saml_providers')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('group_id', 'bigint', (col) =>
      col.notNull().unique().references('namespaces.id').onDelete('cascade'),
    )
    .addColumn('enabled', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute()

  await db.schema
    .createTable('identities')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('user_id', 'bigint', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('extern_uid', 'text', (col) => col.notNull())
    .addColumn('saml_provider_id', 'bigint', (col) =>
      col.references('saml_providers.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute()
  // GitLab: one identity per user and provider (and SAML provider), and an
  // external uid names one user per provider.
  await sql`create unique index identities_user_provider_key on identities (user_id, provider, saml_provider_id) nulls not distinct`.execute(
    db,
  )
  await sql`create unique index identities_extern_uid_key on identities (provider, saml_provider_id, lower(extern_uid)) nulls not distinct`.execute(
    db,
  )
  // ListUsers' extern_uid + provider filter.
  await sql`create index identities_provider_extern_uid_idx on identities (provider, lower(extern_uid))`.execute(
    db,
  )
  await db.schema
    .createIndex('identities_saml_provider_id_idx')
    .on('identities')
    .column('saml_provider_id')
    .execute()
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.dropTable('identities').execute()
  await db.schema.dropTable('saml_providers').execute()
}
