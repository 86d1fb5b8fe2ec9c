import { sql, type Kysely } from 'kysely'

/**
 * Creates an outbox table as `outboxRowsOf` reads it: id, payload (jsonb),
 * idempotency_key (unique), created_at, attempts. Versioned: a migration
 * calls this version for good, a new shape gets a new function.
 */
export async function createOutboxTableV1(db: Kysely<unknown>, table: string): Promise<void> {
  await db.schema
    .createTable(table)
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('payload', 'jsonb', (col) => col.notNull())
    .addColumn('idempotency_key', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .execute()
  await db.schema
    .createIndex(`${table}_idempotency_key_key`)
    .on(table)
    .column('idempotency_key')
    .unique()
    .execute()
}
