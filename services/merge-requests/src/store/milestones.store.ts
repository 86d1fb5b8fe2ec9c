import { sql, type Kysely, type Selectable } from 'kysely'
import type { Milestone, MilestoneListQuery, NewMilestone } from '../domain/milestone.js'
import type { Database, MilestonesTable } from './schema.js'
import type { MilestonesPort } from '../domain/ports.js'

export function toMilestone(row: Selectable<MilestonesTable>): Milestone {
  return {
    id: row.id,
    iid: row.iid,
    projectId: row.project_id,
    title: row.title,
    description: row.description,
    state: row.state,
    dueDate: row.due_date,
    startDate: row.start_date,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}

/** Project milestones. */
export class MilestonesStore implements MilestonesPort {
  constructor(private readonly db: Kysely<Database>) {}

  /** Milestones by id. */
  async findByIds(ids: readonly number[]): Promise<Milestone[]> {
    if (ids.length === 0) return []
    const rows = await this.db
      .selectFrom('milestones')
      .selectAll()
      .where('id', 'in', [...ids])
      .execute()
    return rows.map(toMilestone)
  }

  /** A project's milestone with this title, if any. */
  async findByTitle(projectId: number, title: string): Promise<Milestone | undefined> {
    const row = await this.db
      .selectFrom('milestones')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('title', '=', title)
      .executeTakeFirst()
    return row && toMilestone(row)
  }

  /** Inserts a milestone with the project's next iid (call inside a transaction). */
  async insert(values: NewMilestone): Promise<Milestone> {
    const projectId = values.projectId
    await sql`select pg_advisory_xact_lock(hashtext(${`milestones.iid:${projectId}`}))`.execute(
      this.db,
    )
    const last = await this.db
      .selectFrom('milestones')
      .select((eb) => eb.fn.max('iid').as('iid'))
      .where('project_id', '=', projectId)
      .executeTakeFirst()
    const row = await this.db
      .insertInto('milestones')
      .values({
        project_id: projectId,
        title: values.title,
        description: values.description,
        due_date: values.dueDate,
        start_date: values.startDate,
        iid: (last?.iid ?? 0) + 1,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    return toMilestone(row)
  }

  /** One page of a project's milestones in MilestonesFinder's order (due date, nulls last; title), with the total. */
  async list(query: MilestoneListQuery): Promise<{ milestones: Milestone[]; total: number }> {
    let base = this.db.selectFrom('milestones').where('project_id', '=', query.projectId)
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
    return { milestones: rows.map(toMilestone), total: Number(count?.total ?? 0) }
  }
}
