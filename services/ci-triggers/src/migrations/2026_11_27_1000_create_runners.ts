import { createOutboxTableV1 } from '@suite/runtime'
import { sql, type Kysely } from 'kysely'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

/**
 * Runners (GitLab's ci_runners and ci_runner_projects), what a running job
 * holds (its job token's digest, timeout, exit code, log), the upstream of a
 * pipeline a job token triggered (ci_sources_pipelines, here on the pipeline),
 * the job token scope's inbound allowlist, and the outbox of job deadlines.
 */
export async function up(db: AnyDB): Promise<void> {
  await db.schema
    .createTable('runners')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('token_digest', 'text', (col) => col.notNull().unique())
    .addColumn('runner_type', 'text', (col) =>
      col.notNull().check(sql`runner_type in ('instance_type', 'group_type', 'project_type')`),
    )
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('paused', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('locked', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('run_untagged', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('tag_list', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'`))
    .addColumn('access_level', 'text', (col) => col.notNull().defaultTo('not_protected'))
    .addColumn('maximum_timeout', 'integer')
    .addColumn('maintenance_note', 'text')
    .addColumn('group_id', 'bigint')
    // A group runner's group path: it runs the jobs of the projects under it.
    .addColumn('group_path', 'text')
    .addColumn('creator_id', 'bigint')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('token_expires_at', 'timestamptz')
    .addColumn('contacted_at', 'timestamptz')
    .addColumn('name', 'text')
    .addColumn('version', 'text')
    .addColumn('revision', 'text')
    .addColumn('platform', 'text')
    .addColumn('architecture', 'text')
    .addColumn('executor', 'text')
    .addColumn('ip_address', 'text')
    .addColumn('system_id', 'text')
    .execute()
  await db.schema
    .createTable('runner_projects')
    .addColumn('runner_id', 'bigint', (col) =>
      col.notNull().references('runners.id').onDelete('cascade'),
    )
    .addColumn('project_id', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('runner_projects_pkey', ['runner_id', 'project_id'])
    .execute()
  await db.schema
    .createIndex('runner_projects_project_id_idx')
    .on('runner_projects')
    .column('project_id')
    .execute()

  await db.schema
    .alterTable('jobs')
    .addColumn('token_digest', 'text', (col) => col.unique())
    .addColumn('timeout', 'integer')
    .addColumn('exit_code', 'integer')
    .addColumn('runner_system_id', 'text')
    .execute()
  // The queue: pending jobs nobody holds, oldest first.
  await db.schema
    .createIndex('jobs_pending_queue_idx')
    .on('jobs')
    .columns(['id'])
    .where(sql.ref('status'), '=', 'pending')
    .execute()

  await db.schema
    .createTable('job_traces')
    .addColumn('job_id', 'bigint', (col) =>
      col.primaryKey().references('jobs.id').onDelete('cascade'),
    )
    .addColumn('content', 'bytea', (col) => col.notNull().defaultTo(sql`'\\x'::bytea`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute()

  await db.schema
    .alterTable('pipelines')
    .addColumn('source_job_id', 'bigint')
    .addColumn('source_pipeline_id', 'bigint')
    .addColumn('source_project_id', 'bigint')
    // The predefined CI_* variables the pipeline was created with, for its jobs.
    .addColumn('predefined_variables', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute()

  await db.schema
    .createTable('job_token_allowlist')
    .addColumn('project_id', 'bigint', (col) => col.notNull())
    .addColumn('source_project_id', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('job_token_allowlist_pkey', ['project_id', 'source_project_id'])
    .execute()

  await createOutboxTableV1(db, 'job_deadline_outbox')
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.dropTable('job_deadline_outbox').execute()
  await db.schema.dropTable('job_token_allowlist').execute()
  await db.schema
    .alterTable('pipelines')
    .dropColumn('source_job_id')
    .dropColumn('source_pipeline_id')
    .dropColumn('source_project_id')
    .dropColumn('predefined_variables')
    .execute()
  await db.schema.dropTable('job_traces').execute()
  await db.schema.dropIndex('jobs_pending_queue_idx').execute()
  await db.schema
    .alterTable('jobs')
    .dropColumn('token_digest')
    .dropColumn('timeout')
    .dropColumn('exit_code')
    .dropColumn('runner_system_id')
    .execute()
  await db.schema.dropTable('runner_projects').execute()
  await db.schema.dropTable('runners').execute()
}
