import type { Kysely } from 'kysely'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

/**
 * Who reads each project's issues, beside read_merge_request in the access
 * facts read model, for the issue lists that span projects (GET /issues,
 * GET /groups/:id/issues). The defaults admit nobody until the projects
 * service's facts arrive (its migration queues every project again).
 */
export async function up(db: AnyDB): Promise<void> {
  await db.schema
    .alterTable('project_access_facts')
    .addColumn('read_issue_admin', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('read_issue_anonymous', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('read_issue_signed_in', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('read_issue_member_min_level', 'smallint', (col) => col.notNull().defaultTo(0))
    .execute()
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema
    .alterTable('project_access_facts')
    .dropColumn('read_issue_admin')
    .dropColumn('read_issue_anonymous')
    .dropColumn('read_issue_signed_in')
    .dropColumn('read_issue_member_min_level')
    .execute()
}
