import { sql, type Insertable, type Kysely, type Selectable } from 'kysely'
import type { Database, MilestonesTable } from './schema.js'

export type MilestoneRecord = Selectable<MilestonesTable>

/** Milestones by id. */
export async function findMilestones(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<MilestoneRecord[]> {
  if (ids.length === 0) return []
  return db
    .selectFrom('milestones')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute()
}

/** A project's milestone with this title, if any. */
export function findMilestoneByTitle(
  db: Kysely<Database>,
  projectId: number,
  title: string,
): Promise<MilestoneRecord | undefined> {
  return db
    .selectFrom('milestones')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('title', '=', title)
    .executeTakeFirst()
}

/** Inserts a milestone with the project's next iid (call inside a transaction). */
export async function insertMilestone(
  tx: Kysely<Database>,
  values: Omit<Insertable<MilestonesTable>, 'iid'>,
): Promise<MilestoneRecord> {
  const projectId = Number(values.project_id)
  await sql`select pg_advisory_xact_lock(hashtext(${`milestones.iid:${projectId}`}))`.execute(tx)
  const last = await tx
    .selectFrom('milestones')
    .select((eb) => eb.fn.max('iid').as('iid'))
    .where('project_id', '=', projectId)
    .executeTakeFirst()
  return tx
    .insertInto('milestones')
    .values({ ...values, iid: (last?.iid ?? 0) + 1 })
    .returningAll()
    .executeTakeFirstOrThrow()
}

export interface MilestoneListQuery {
  projectId: number
  iids: readonly number[]
  state?: string
  title?: string
  search?: string
  limit: number
  offset: number
}

/** One page of a project's milestones in MilestonesFinder's order (due date, nulls last; title), with the total. */
export async function listMilestoneRows(
  db: Kysely<Database>,
  query: MilestoneListQuery,
): Promise<{ rows: MilestoneRecord[]; total: number }> {
  let base = db.selectFrom('milestones').where('project_id', '=', query.projectId)
  if (query.iids.length > 0) base = base.where('iid', 'in', [...query.iids])
  if (query.state) base = base.where('state', '=', query.state)
  if (query.title !== undefined) base = base.where('title', '=', query.title)
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    base = base.where((eb) =>
      eb.or([eb('title', 'ilike', pattern), eb('description', 'ilike', pattern)]),
    )
  }
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy(sql`due_date asc nulls last`)
      .orderBy('title', 'asc')
      .orderBy('id', 'asc')
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
  ])
  return { rows, total: Number(count?.total ?? 0) }
}
