import { sql, type Kysely } from 'kysely'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

const JOB_STATUSES = sql`status in ('created', 'waiting_for_resource', 'preparing', 'pending',
  'running', 'success', 'failed', 'canceled', 'skipped', 'manual', 'scheduled')`

/**
 * Jobs built from .gitlab-ci.yml (GitLab's ci_builds) and the variables a
 * pipeline was created with (ci_pipeline_variables); the trigger that
 * started a pipeline.
 */
export async function up(db: AnyDB): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('project_id', 'bigint', (col) => col.notNull())
    .addColumn('pipeline_id', 'bigint', (col) =>
      col.notNull().references('pipelines.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('stage', 'text', (col) => col.notNull())
    .addColumn('stage_idx', 'integer', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().check(JOB_STATUSES))
    .addColumn('ref', 'text', (col) => col.notNull())
    .addColumn('tag', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('sha', 'text', (col) => col.notNull())
    .addColumn('when', 'text', (col) => col.notNull().defaultTo('on_success'))
    .addColumn('allow_failure', 'boolean', (col) => col.notNull().defaultTo(false))
    // null: stage order; an array of job names: runs as soon as those are done.
    .addColumn('needs', 'jsonb')
    .addColumn('user_id', 'bigint')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('queued_at', 'timestamptz')
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .addColumn('erased_at', 'timestamptz')
    .addColumn('coverage', 'text')
    .addColumn('failure_reason', 'text')
    .addColumn('tag_list', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'`))
    // Replaced by a retry: hidden from the pipeline's status and default job lists.
    .addColumn('retried', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('runner_id', 'bigint')
    // What the runner needs: script, before/after_script, image, services, artifacts, cache, ...
    .addColumn('options', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('yaml_variables', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute()
  await db.schema
    .createIndex('jobs_pipeline_id_stage_idx_id_idx')
    .on('jobs')
    .columns(['pipeline_id', 'stage_idx', 'id'])
    .execute()
  await db.schema
    .createIndex('jobs_project_id_id_idx')
    .on('jobs')
    .columns(['project_id', 'id'])
    .execute()

  await db.schema
    .createTable('pipeline_variables')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('pipeline_id', 'bigint', (col) =>
      col.notNull().references('pipelines.id').onDelete('cascade'),
    )
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('variable_type', 'text', (col) => col.notNull().defaultTo('env_var'))
    .addUniqueConstraint('pipeline_variables_pipeline_id_key_key', ['pipeline_id', 'key'])
    .execute()

  await db.schema
    .alterTable('pipelines')
    .addColumn('trigger_id', 'bigint')
    .addColumn('failure_reason', 'text')
    .execute()
  await db.schema
    .createIndex('pipelines_project_id_updated_at_idx')
    .on('pipelines')
    .columns(['project_id', 'updated_at'])
    .execute()
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.dropTable('pipeline_variables').execute()
  await db.schema.dropTable('jobs').execute()
  await db.schema
    .alterTable('pipelines')
    .dropColumn('trigger_id')
    .dropColumn('failure_reason')
    .execute()
}
