import { sql, type Kysely } from 'kysely'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

/**
 * Who holds read_issue in each project, as gitlab.common.v1.Requirement
 * columns beside read_project's, so that lists spanning projects (the
 * activity feed's issue events) filter in SQL. The policy table as this was
 * written: read_issue is read_project while the issues feature is enabled,
 * administrators and members from Guest up while it is private
 * (ProjectFeature's private level for issues is Guest), nobody while it is
 * disabled. Existing rows are filled from their read_project columns, and
 * each project's access facts are queued again under a new version so that
 * other services' read models learn read_issue.
 */
export async function up(db: AnyDB): Promise<void> {
  await db.schema
    .alterTable('projects')
    .addColumn('read_issue_admin', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('read_issue_anonymous', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('read_issue_signed_in', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('read_issue_min_level', 'smallint', (col) => col.notNull().defaultTo(0))
    .execute()
  await sql`
    UPDATE projects SET
      read_issue_admin = issues_access_level <> 'disabled' AND read_project_admin,
      read_issue_anonymous = issues_access_level IN ('enabled', 'public') AND read_project_anonymous,
      read_issue_signed_in = issues_access_level IN ('enabled', 'public') AND read_project_signed_in,
      read_issue_min_level = CASE issues_access_level
        WHEN 'disabled' THEN 0
        WHEN 'private' THEN 10
        ELSE read_project_min_level
      END,
      version = version + 1
  `.execute(db)
  await sql`insert into access_facts_outbox (project_id) select id from projects order by id`.execute(
    db,
  )
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema
    .alterTable('projects')
    .dropColumn('read_issue_admin')
    .dropColumn('read_issue_anonymous')
    .dropColumn('read_issue_signed_in')
    .dropColumn('read_issue_min_level')
    .execute()
}
