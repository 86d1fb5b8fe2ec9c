import { sql, type Kysely } from 'kysely'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

/**
 * Commit statuses (GitLab's GenericCommitStatus): jobs an external system
 * reports, stored beside the built ones with a type that keeps them out of
 * the runners' queue, and the link and text the system gave.
 */
export async function up(db: AnyDB): Promise<void> {
  await db.schema
    .alterTable('jobs')
    .addColumn('type', 'text', (col) =>
      col
        .notNull()
        .defaultTo('build')
        .check(sql`type in ('build', 'generic')`),
    )
    .addColumn('target_url', 'text')
    .addColumn('description', 'text')
    .execute()
  // A commit's statuses and its newest pipeline are looked up by sha alone.
  await db.schema
    .createIndex('pipelines_project_id_sha_id_idx')
    .on('pipelines')
    .columns(['project_id', 'sha', 'id desc'])
    .execute()
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.dropIndex('pipelines_project_id_sha_id_idx').execute()
  await db.schema
    .alterTable('jobs')
    .dropColumn('type')
    .dropColumn('target_url')
    .dropColumn('description')
    .execute()
}
