import { sql, type Kysely } from 'kysely'
import { requirementColumnsOf, toProject, type ProjectRow } from '../store/project-rows.js'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

// Frozen copy: the column prefix of each list ability's Requirement.
const PREFIXES = ['read_project', 'read_code', 'read_merge_request']

const BATCH = 500

/**
 * Who holds the list abilities in each project (read_project, read_code,
 * read_merge_request as gitlab.common.v1.Requirement columns), a version that
 * grows with every update, and the outbox of access facts waiting for the
 * `projects.access-facts` queue. The defaults hold nobody; existing rows are
 * filled by the policy table as it stands when this runs (the rule has one
 * home, domain/policy.ts), and each is queued once so that other services'
 * read models learn every project.
 */
export async function up(db: AnyDB): Promise<void> {
  let projects = db.schema
    .alterTable('projects')
    .addColumn('version', 'bigint', (col) => col.notNull().defaultTo(1))
  for (const prefix of PREFIXES) {
    projects = projects
      .addColumn(`${prefix}_admin`, 'boolean', (col) => col.notNull().defaultTo(false))
      .addColumn(`${prefix}_anonymous`, 'boolean', (col) => col.notNull().defaultTo(false))
      .addColumn(`${prefix}_signed_in`, 'boolean', (col) => col.notNull().defaultTo(false))
      .addColumn(`${prefix}_min_level`, 'smallint', (col) => col.notNull().defaultTo(0))
  }
  await projects.execute()

  await db.schema
    .createTable('access_facts_outbox')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('project_id', 'bigint', (col) =>
      col.notNull().references('projects.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .execute()
  await db.schema
    .createIndex('access_facts_outbox_project_id_idx')
    .on('access_facts_outbox')
    .column('project_id')
    .execute()

  for (let after = 0; ;) {
    // Every column exists by now; the row is read as today's store reads it.
    const rows = (await db
      .selectFrom('projects')
      .selectAll()
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute()) as ProjectRow[]
    for (const row of rows) {
      await db
        .updateTable('projects')
        .set(requirementColumnsOf(toProject(row, [])))
        .where('id', '=', row.id)
        .execute()
    }
    const last = rows.at(-1)
    if (!last || rows.length < BATCH) break
    after = last.id
  }
  await sql`insert into access_facts_outbox (project_id) select id from projects order by id`.execute(
    db,
  )
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.dropTable('access_facts_outbox').execute()
  let projects = db.schema.alterTable('projects').dropColumn('version')
  for (const prefix of PREFIXES) {
    projects = projects
      .dropColumn(`${prefix}_admin`)
      .dropColumn(`${prefix}_anonymous`)
      .dropColumn(`${prefix}_signed_in`)
      .dropColumn(`${prefix}_min_level`)
  }
  await projects.execute()
}
