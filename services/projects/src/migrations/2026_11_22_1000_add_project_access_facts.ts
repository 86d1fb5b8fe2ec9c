import { sql, type Kysely } from 'kysely'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

// Frozen copy: the column prefix of each list ability's Requirement.
const PREFIXES = ['read_project', 'read_code', 'read_merge_request']

const BATCH = 500

// Frozen copy of the policy table's answer for the three list abilities as
// this migration was written (domain/policy.ts with policy-conditions.ts and
// access-requirements.ts requirementFor), so that a later change of the rules
// cannot change what this backfill writes: they read only the visibility and
// the repository and merge_requests feature levels.

/** Member levels from the lowest up (AccessLevel MINIMAL to OWNER). */
const MEMBER_LEVELS = [5, 10, 15, 20, 30, 40, 50]
const GUEST = 10
const REPORTER = 20

interface Subject {
  visibility: 'private' | 'internal' | 'public'
  repository: string
  mergeRequests: string
}

interface Actor {
  admin: boolean
  signedIn: boolean
  level: number
}

const publicAccess = (subject: Subject, actor: Actor) =>
  subject.visibility === 'public' || (actor.signedIn && subject.visibility === 'internal')

const member = (level: number, actor: Actor) => actor.admin || actor.level >= level

/** A disabled feature is off for everyone; a private one is on for admins and members from `level`. */
function available(access: string, level: number, actor: Actor): boolean {
  if (access === 'disabled') return false
  if (access === 'private') return member(level, actor)
  return true
}

const readProject = (subject: Subject, actor: Actor) =>
  member(GUEST, actor) || publicAccess(subject, actor)

const readCode = (subject: Subject, actor: Actor) =>
  (member(REPORTER, actor) || publicAccess(subject, actor)) &&
  available(subject.repository, GUEST, actor)

const RULES: Record<string, (subject: Subject, actor: Actor) => boolean> = {
  read_project: readProject,
  read_code: readCode,
  read_merge_request: (subject, actor) =>
    (member(REPORTER, actor) || publicAccess(subject, actor)) &&
    available(subject.mergeRequests, REPORTER, actor) &&
    available(subject.repository, GUEST, actor) &&
    readCode(subject, actor),
}

/** The Requirement columns of one project row: who holds each list ability. */
function requirementColumnsOf(row: Record<string, unknown>): Record<string, boolean | number> {
  const subject: Subject = {
    visibility:
      row['visibility_level'] === 20
        ? 'public'
        : row['visibility_level'] === 10
          ? 'internal'
          : 'private',
    repository: String(row['repository_access_level']),
    mergeRequests: String(row['merge_requests_access_level']),
  }
  const columns: Record<string, boolean | number> = {}
  for (const prefix of PREFIXES) {
    const rule = RULES[prefix]!
    const holds = (actor: Actor) => readProject(subject, actor) && rule(subject, actor)
    const signedIn = holds({ admin: false, signedIn: true, level: 0 })
    columns[`${prefix}_admin`] = holds({ admin: true, signedIn: true, level: 0 })
    columns[`${prefix}_anonymous`] = holds({ admin: false, signedIn: false, level: 0 })
    columns[`${prefix}_signed_in`] = signedIn
    columns[`${prefix}_min_level`] = signedIn
      ? 0
      : (MEMBER_LEVELS.find((level) => holds({ admin: false, signedIn: true, level })) ?? 0)
  }
  return columns
}

/**
 * Who holds the list abilities in each project (read_project, read_code,
 * read_merge_request as gitlab.common.v1.Requirement columns), a version that
 * grows with every update, and the outbox of access facts waiting for the
 * `projects.access-facts` queue. The defaults hold nobody; existing rows are
 * filled by the policy table as it stood when this was written (a frozen
 * copy above), and each is queued once so that other services'
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
    const rows = (await db
      .selectFrom('projects')
      .select(['id', 'visibility_level', 'repository_access_level', 'merge_requests_access_level'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute()) as Record<string, unknown>[]
    for (const row of rows) {
      await db
        .updateTable('projects')
        .set(requirementColumnsOf(row))
        .where('id', '=', row['id'])
        .execute()
    }
    const last = rows.at(-1)
    if (!last || rows.length < BATCH) break
    after = Number(last['id'])
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
