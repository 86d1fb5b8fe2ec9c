import { sql, type Kysely } from 'kysely'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

export async function up(db: AnyDB): Promise<void> {
  // A custom role (ee/app/models/members/member_role.rb): a base access level
  // and the permissions it switches on, each a gitlab.common.v1.MemberPermission
  // value, so the permission list lives in the proto enum alone.
  await db.schema
    .createTable('member_roles')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text')
    // The top-level group that owns the role; null for an instance-wide role.
    .addColumn('namespace_id', 'bigint', (col) =>
      col.references('namespaces.id').onDelete('cascade'),
    )
    .addColumn('base_access_level', 'integer', (col) =>
      col.notNull().check(sql`base_access_level in (10, 20, 30, 40, 50)`),
    )
    .addColumn('permissions', sql`integer[]`, (col) => col.notNull().defaultTo(sql`'{}'`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute()
  // MemberRole: validates :name, uniqueness: { scope: :namespace_id }.
  await sql`create unique index member_roles_namespace_name_key on member_roles (namespace_id, name) nulls not distinct`.execute(
    db,
  )
  // Until now a membership's member_role_id named no stored role.
  await sql`update members set member_role_id = null where member_role_id is not null`.execute(db)
  // A role that members hold cannot go away under them (MemberRole#prevent_delete_if_member_associated).
  await db.schema
    .alterTable('members')
    .addForeignKeyConstraint('members_member_role_id_fkey', ['member_role_id'], 'member_roles', [
      'id',
    ])
    .onDelete('restrict')
    .execute()
  await db.schema
    .createIndex('members_member_role_id_idx')
    .on('members')
    .column('member_role_id')
    .execute()
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.alterTable('members').dropConstraint('members_member_role_id_fkey').execute()
  await db.schema.dropIndex('members_member_role_id_idx').execute()
  await db.schema.dropTable('member_roles').execute()
}
