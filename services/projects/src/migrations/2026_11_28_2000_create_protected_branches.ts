import { sql, type Kysely } from 'kysely'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

/**
 * Protected branches (GitLab's ProtectedBranch with one push, merge and
 * unprotect access level each): a name or `*` pattern per project, unique.
 */
export async function up(db: AnyDB): Promise<void> {
  await db.schema
    .createTable('protected_branches')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('project_id', 'bigint', (col) =>
      col.notNull().references('projects.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('push_access_level', 'smallint', (col) => col.notNull())
    .addColumn('merge_access_level', 'smallint', (col) => col.notNull())
    .addColumn('unprotect_access_level', 'smallint', (col) => col.notNull())
    .addColumn('allow_force_push', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('code_owner_approval_required', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('protected_branches_project_id_name_key', ['project_id', 'name'])
    .execute()
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.dropTable('protected_branches').execute()
}
