import { sql, type Kysely } from 'kysely'
import { installChangeTriggersV1 } from '@suite/runtime'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

/**
 * GitLab's group_group_links: a group (shared_group) shared with another
 * (shared_with_group) at group_access until expires_at; gone with either
 * group. A link changes what every member of the invited group may do below
 * the shared group, so any change empties the caches (`*`), as a namespace's.
 */
export async function up(db: AnyDB): Promise<void> {
  await db.schema
    .createTable('group_group_links')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('shared_group_id', 'bigint', (col) =>
      col.notNull().references('namespaces.id').onDelete('cascade'),
    )
    .addColumn('shared_with_group_id', 'bigint', (col) =>
      col.notNull().references('namespaces.id').onDelete('cascade'),
    )
    .addColumn('group_access', 'integer', (col) => col.notNull())
    .addColumn('expires_at', 'date')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('group_group_links_shared_pair', [
      'shared_group_id',
      'shared_with_group_id',
    ])
    .execute()
  await db.schema
    .createIndex('group_group_links_shared_with_group_id')
    .on('group_group_links')
    .column('shared_with_group_id')
    .execute()
  await installChangeTriggersV1(db, [{ table: 'group_group_links', tag: `'*'` }])
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.dropTable('group_group_links').execute()
}
