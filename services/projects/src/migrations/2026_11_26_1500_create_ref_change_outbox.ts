import { sql, type Kysely } from 'kysely'
import { createOutboxTableV1 } from '@suite/runtime'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

/**
 * What makes a ref change of the repository role durable: the branch updates
 * waiting for the `repository.branch-updates` queue (written in the
 * transaction that records the change and its push events), and the intents
 * of ref writes in progress (the refs before, so that a write whose process
 * died before recording it is derived again by comparing the refs).
 */
export async function up(db: AnyDB): Promise<void> {
  // payload: BranchUpdate.toJSON of gitlab.projects.v1.BranchUpdate
  await createOutboxTableV1(db, 'branch_update_outbox')

  await db.schema
    .createTable('ref_write_intents')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('project_id', 'bigint', (col) => col.notNull())
    .addColumn('user_id', 'bigint')
    // Full ref name -> object id, before the write.
    .addColumn('refs_before', 'jsonb', (col) => col.notNull())
    // The repository process that writes: host name and a per-start id.
    .addColumn('host', 'text', (col) => col.notNull())
    .addColumn('process_id', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('ref_write_intents_created_at_idx')
    .on('ref_write_intents')
    .column('created_at')
    .execute()
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.dropTable('ref_write_intents').execute()
  await db.schema.dropTable('branch_update_outbox').execute()
}
