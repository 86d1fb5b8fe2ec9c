import { sql, type Kysely } from 'kysely'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

/**
 * Users' stars on projects (GitLab's users_star_projects): one per user and
 * project. projects.star_count is kept beside it in the same transaction, so
 * the projects row's change event (p:<id>) is what tells the gateways'
 * caches: a star needs no trigger of its own.
 */
export async function up(db: AnyDB): Promise<void> {
  await db.schema
    .createTable('users_star_projects')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('project_id', 'bigint', (col) =>
      col.notNull().references('projects.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('users_star_projects_user_id_project_id_key', ['user_id', 'project_id'])
    .execute()
  await db.schema
    .createIndex('users_star_projects_project_id_idx')
    .on('users_star_projects')
    .column('project_id')
    .execute()
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.dropTable('users_star_projects').execute()
}
