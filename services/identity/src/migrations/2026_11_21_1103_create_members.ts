import { sql, type Kysely } from 'kysely'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

export async function up(db: AnyDB): Promise<void> {
  await db.schema
    .createTable('members')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('source_type', 'text', (col) =>
      col.notNull().check(sql`source_type in ('Namespace', 'Project')`),
    )
    .addColumn('source_id', 'bigint', (col) => col.notNull())
    .addColumn('user_id', 'bigint', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('access_level', 'integer', (col) => col.notNull())
    .addColumn('expires_at', 'date')
    .addColumn('created_by_id', 'bigint')
    .addColumn('member_role_id', 'bigint')
    // The group itself, or the namespace a project lives in: lets a member
    // of a project or subgroup see the groups above it.
    .addColumn('member_namespace_id', 'bigint', (col) =>
      col.references('namespaces.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('members_source_user_key', ['source_type', 'source_id', 'user_id'])
    .execute()
  await db.schema
    .createIndex('members_user_id_idx')
    .on('members')
    .columns(['user_id', 'source_type', 'access_level'])
    .execute()
  await db.schema
    .createIndex('members_member_namespace_id_idx')
    .on('members')
    .column('member_namespace_id')
    .execute()
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.dropTable('members').execute()
}
