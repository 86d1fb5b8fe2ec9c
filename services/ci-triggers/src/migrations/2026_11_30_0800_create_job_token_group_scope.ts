import { sql, type Kysely } from 'kysely'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

/**
 * The rest of the job token scope: the groups allowlist (a job of any project
 * in `target_group_id` or below it may reach `project_id`) and the project's
 * "limit access to this project" switch (ci_inbound_job_token_scope_enabled;
 * no row: on, GitLab's default).
 */
export async function up(db: AnyDB): Promise<void> {
  await db.schema
    .createTable('job_token_group_allowlist')
    .addColumn('project_id', 'bigint', (col) => col.notNull())
    .addColumn('target_group_id', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('job_token_group_allowlist_pkey', ['project_id', 'target_group_id'])
    .execute()
  await db.schema
    .createTable('job_token_scopes')
    .addColumn('project_id', 'bigint', (col) => col.primaryKey())
    .addColumn('inbound_enabled', 'boolean', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute()
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.dropTable('job_token_scopes').execute()
  await db.schema.dropTable('job_token_group_allowlist').execute()
}
