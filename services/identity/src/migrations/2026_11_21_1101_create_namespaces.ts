import { sql, type Kysely } from 'kysely'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

export async function up(db: AnyDB): Promise<void> {
  await db.schema
    .createTable('namespaces')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('type', 'text', (col) => col.notNull().check(sql`type in ('User', 'Group')`))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('path', 'text', (col) => col.notNull())
    .addColumn('full_path', 'text', (col) => col.notNull())
    .addColumn('full_name', 'text', (col) => col.notNull())
    .addColumn('owner_id', 'bigint', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('parent_id', 'bigint', (col) => col.references('namespaces.id'))
    .addColumn('traversal_ids', sql`bigint[]`, (col) => col.notNull())
    .addColumn('visibility_level', 'integer', (col) =>
      col.notNull().check(sql`visibility_level in (0, 10, 20)`),
    )
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('share_with_group_lock', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('require_two_factor_authentication', 'boolean', (col) =>
      col.notNull().defaultTo(false),
    )
    .addColumn('two_factor_grace_period', 'integer', (col) => col.notNull().defaultTo(48))
    .addColumn('project_creation_level', 'text', (col) => col.notNull().defaultTo('developer'))
    .addColumn('subgroup_creation_level', 'text', (col) => col.notNull().defaultTo('maintainer'))
    .addColumn('lfs_enabled', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('request_access_enabled', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('emails_enabled', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('mentions_disabled', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('default_branch', 'text')
    .addColumn('default_branch_protection', 'integer', (col) => col.notNull().defaultTo(2))
    .addColumn('auto_devops_enabled', 'boolean')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute()
  // One path space, as GitLab's routes: top-level users and groups share it,
  // and a path is unique among its siblings, whatever its case.
  await sql`create unique index namespaces_full_path_lower_key on namespaces (lower(full_path))`.execute(
    db,
  )
  // GitLab: a subgroup's name is unique among its siblings.
  await sql`create unique index namespaces_parent_name_key on namespaces (parent_id, name) where parent_id is not null`.execute(
    db,
  )
  await sql`create unique index namespaces_user_owner_key on namespaces (owner_id) where type = 'User'`.execute(
    db,
  )
  await db.schema
    .createIndex('namespaces_parent_id_idx')
    .on('namespaces')
    .column('parent_id')
    .execute()
  await sql`create index namespaces_traversal_ids_idx on namespaces using gin (traversal_ids)`.execute(
    db,
  )
  await sql`create index namespaces_groups_name_idx on namespaces (lower(name), id) where type = 'Group'`.execute(
    db,
  )
  await sql`create index namespaces_groups_visibility_idx on namespaces (visibility_level) where type = 'Group'`.execute(
    db,
  )
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.dropTable('namespaces').execute()
}
