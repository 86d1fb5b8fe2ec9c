import type { Kysely } from 'kysely'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

/**
 * Forks: the project a project was forked from (GitLab's fork network link;
 * a deleted upstream leaves the fork standing) and the upstream's forks_count,
 * moved in the transaction that inserts a fork, so the upstream row's change
 * event tells the caches as star_count does.
 */
export async function up(db: AnyDB): Promise<void> {
  await db.schema
    .alterTable('projects')
    .addColumn('forked_from_project_id', 'bigint', (col) =>
      col.references('projects.id').onDelete('set null'),
    )
    .addColumn('forks_count', 'integer', (col) => col.notNull().defaultTo(0))
    .execute()
  await db.schema
    .createIndex('projects_forked_from_project_id_idx')
    .on('projects')
    .column('forked_from_project_id')
    .execute()
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.dropIndex('projects_forked_from_project_id_idx').execute()
  await db.schema
    .alterTable('projects')
    .dropColumn('forks_count')
    .dropColumn('forked_from_project_id')
    .execute()
}
