import type { Kysely } from 'kysely'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

/**
 * Event lists order by (created_at, id): the services that report events
 * stamp them when they happen, and the worker stores them when they arrive,
 * so id order is not time order. One index per way a list is narrowed.
 */
export async function up(db: AnyDB): Promise<void> {
  await db.schema
    .createIndex('events_project_id_created_at_id_idx')
    .on('events')
    .columns(['project_id', 'created_at', 'id'])
    .execute()
  await db.schema
    .createIndex('events_author_id_created_at_id_idx')
    .on('events')
    .columns(['author_id', 'created_at', 'id'])
    .execute()
  await db.schema
    .createIndex('events_created_at_id_idx')
    .on('events')
    .columns(['created_at', 'id'])
    .execute()
  await db.schema.dropIndex('events_created_at_idx').execute()
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.createIndex('events_created_at_idx').on('events').column('created_at').execute()
  await db.schema.dropIndex('events_created_at_id_idx').execute()
  await db.schema.dropIndex('events_author_id_created_at_id_idx').execute()
  await db.schema.dropIndex('events_project_id_created_at_id_idx').execute()
}
