import { sql, type Kysely } from 'kysely'
import { createOutboxTableV1 } from '@suite/runtime'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

/**
 * Project deletion (Projects::DestroyService): `pending_delete` (GitLab's
 * column) hides a project from every read at once, and
 * `project_deleted_outbox` holds the ProjectDeleted message written in the
 * same transaction until the relay has queued it to every service. The
 * partial index finds the projects whose cleanup has not finished.
 */
export async function up(db: AnyDB): Promise<void> {
  await db.schema
    .alterTable('projects')
    .addColumn('pending_delete', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute()
  await sql`create index projects_pending_delete_idx on projects (id) where pending_delete`.execute(
    db,
  )
  // payload: ProjectDeleted.toJSON of gitlab.projects.v1.ProjectDeleted
  await createOutboxTableV1(db, 'project_deleted_outbox')
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.dropTable('project_deleted_outbox').execute()
  await db.schema.dropIndex('projects_pending_delete_idx').execute()
  await db.schema.alterTable('projects').dropColumn('pending_delete').execute()
}
