import { sql, type Kysely } from 'kysely'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

const STATUSES = sql`status in ('created', 'waiting_for_resource', 'preparing', 'pending',
  'running', 'success', 'failed', 'canceled', 'skipped', 'manual', 'scheduled')`

const BLANK_SHA = '0000000000000000000000000000000000000000'

export async function up(db: AnyDB): Promise<void> {
  // GitLab's internal_ids: the last iid handed out per (usage, project). An
  // upsert on this row allocates the next iid and holds the row lock until
  // the transaction ends, so concurrent creates in one project queue here.
  await db.schema
    .createTable('internal_ids')
    .addColumn('usage', 'text', (col) => col.notNull())
    .addColumn('project_id', 'bigint', (col) => col.notNull())
    .addColumn('last_value', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('internal_ids_pkey', ['usage', 'project_id'])
    .execute()

  await db.schema
    .createTable('pipelines')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('iid', 'bigint', (col) => col.notNull())
    .addColumn('project_id', 'bigint', (col) => col.notNull())
    .addColumn('sha', 'text', (col) => col.notNull())
    .addColumn('ref', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().check(STATUSES))
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('user_id', 'bigint')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .addColumn('committed_at', 'timestamptz')
    .addColumn('duration', 'integer')
    .addColumn('queued_duration', 'integer')
    .addColumn('coverage', 'text')
    .addColumn('before_sha', 'text', (col) => col.notNull().defaultTo(BLANK_SHA))
    .addColumn('tag', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('yaml_errors', 'text')
    .addColumn('merge_request_id', 'bigint')
    .addColumn('name', 'text')
    // A retried create with the same key answers the first pipeline.
    .addColumn('idempotency_key', 'text', (col) => col.unique())
    .addUniqueConstraint('pipelines_project_id_iid_key', ['project_id', 'iid'])
    .execute()

  // Lists are newest first: by project, by merge request, by ref and sha.
  await db.schema
    .createIndex('pipelines_project_id_id_idx')
    .on('pipelines')
    .columns(['project_id', 'id desc'])
    .execute()
  await db.schema
    .createIndex('pipelines_project_id_merge_request_id_id_idx')
    .on('pipelines')
    .columns(['project_id', 'merge_request_id', 'id desc'])
    .where('merge_request_id', 'is not', null)
    .execute()
  await db.schema
    .createIndex('pipelines_project_id_ref_sha_id_idx')
    .on('pipelines')
    .columns(['project_id', 'ref', 'sha', 'id desc'])
    .execute()
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.dropTable('pipelines').execute()
  await db.schema.dropTable('internal_ids').execute()
}
