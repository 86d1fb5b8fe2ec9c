import { sql, type Kysely } from 'kysely'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

const ACTIONS = sql`action in ('created', 'updated', 'closed', 'reopened', 'pushed', 'commented',
  'merged', 'joined', 'left', 'destroyed', 'expired', 'approved')`

export async function up(db: AnyDB): Promise<void> {
  await db.schema
    .createTable('events')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('project_id', 'bigint', (col) => col.notNull())
    .addColumn('author_id', 'bigint', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull().check(ACTIONS))
    .addColumn('target_type', 'text')
    .addColumn('target_id', 'bigint')
    .addColumn('target_iid', 'bigint')
    .addColumn('target_title', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('idempotency_key', 'text', (col) => col.notNull().unique())
    .execute()
  await db.schema
    .createIndex('events_project_id_id_idx')
    .on('events')
    .columns(['project_id', 'id'])
    .execute()
  await db.schema
    .createIndex('events_author_id_id_idx')
    .on('events')
    .columns(['author_id', 'id'])
    .execute()
  await db.schema.createIndex('events_created_at_idx').on('events').column('created_at').execute()
  await db.schema.createIndex('events_action_idx').on('events').column('action').execute()
  await db.schema
    .createIndex('events_target_type_id_idx')
    .on('events')
    .columns(['target_type', 'id'])
    .execute()

  await db.schema
    .createTable('push_event_payloads')
    .addColumn('event_id', 'bigint', (col) =>
      col.primaryKey().references('events.id').onDelete('cascade'),
    )
    .addColumn('commit_count', 'bigint', (col) => col.notNull())
    .addColumn('action', 'text', (col) =>
      col.notNull().check(sql`action in ('created', 'removed', 'pushed')`),
    )
    .addColumn('ref_type', 'text', (col) => col.notNull().check(sql`ref_type in ('branch', 'tag')`))
    .addColumn('commit_from', 'text')
    .addColumn('commit_to', 'text')
    .addColumn('ref', 'text', (col) => col.notNull())
    .addColumn('commit_title', 'text')
    // Set only when one push moved many refs at once (GitLab's bulk push events).
    .addColumn('ref_count', 'integer')
    .execute()
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.dropTable('push_event_payloads').execute()
  await db.schema.dropTable('events').execute()
}
