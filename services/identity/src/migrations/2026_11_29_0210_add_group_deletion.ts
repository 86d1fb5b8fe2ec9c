import { sql, type Kysely } from 'kysely'
import { createOutboxTableV1 } from '@suite/runtime'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

/**
 * Group deletion (Groups::DestroyService): `pending_delete` hides a group and
 * its subgroups from every read at once, and `group_deleted_outbox` holds
 * the GroupDeleted message written in the same transaction until the relay
 * has queued it to the projects service.
 */
export async function up(db: AnyDB): Promise<void> {
  await db.schema
    .alterTable('namespaces')
    .addColumn('pending_delete', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute()
  await sql`create index namespaces_pending_delete_idx on namespaces (id) where pending_delete`.execute(
    db,
  )
  // payload: GroupDeleted.toJSON of gitlab.identity.v1.GroupDeleted
  await createOutboxTableV1(db, 'group_deleted_outbox')
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.dropTable('group_deleted_outbox').execute()
  await db.schema.dropIndex('namespaces_pending_delete_idx').execute()
  await db.schema.alterTable('namespaces').dropColumn('pending_delete').execute()
}
