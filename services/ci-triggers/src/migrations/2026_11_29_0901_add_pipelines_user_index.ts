import type { Kysely } from 'kysely'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

/**
 * A user's pipelines by id: a blocked user's cancelable pipelines are found
 * in batches (and a deleted user's moved to the Ghost user) without reading
 * every project's pipelines.
 */
export async function up(db: AnyDB): Promise<void> {
  await db.schema
    .createIndex('pipelines_user_id_id_idx')
    .on('pipelines')
    .columns(['user_id', 'id'])
    .execute()
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.dropIndex('pipelines_user_id_id_idx').execute()
}
