import { sql, type Kysely } from 'kysely'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

/**
 * Activity events waiting to reach the `projects.events` queue, written in the
 * transaction of the change that causes them (the transactional outbox).
 */
export async function up(db: AnyDB): Promise<void> {
  await db.schema
    .createTable('event_outbox')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    // EventRecord.toJSON of gitlab.projects.v1.EventRecord
    .addColumn('payload', 'jsonb', (col) => col.notNull())
    .addColumn('idempotency_key', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .execute()
  await db.schema
    .createIndex('event_outbox_idempotency_key_key')
    .on('event_outbox')
    .column('idempotency_key')
    .unique()
    .execute()
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.dropTable('event_outbox').execute()
}
