import { sql, type Kysely, type Selectable } from 'kysely'
import type { Window } from '../domain/ports.js'
import type {
  Runner,
  RunnerAccessLevel,
  RunnerContact,
  RunnerSettings,
  RunnerType,
} from '../domain/runner.js'
import type { NewRunner, RunnerFilter, RunnerStore } from '../domain/runner-ports.js'
import type { RunnersTable } from './runner-tables.js'
import type { Database } from './schema.js'

type RunnerRow = Selectable<RunnersTable> & { project_ids: number[] | null }

function toRunner(row: RunnerRow): Runner {
  return {
    id: row.id,
    // The table's check constraint keeps these in range.
    runnerType: row.runner_type as RunnerType,
    description: row.description,
    paused: row.paused,
    locked: row.locked,
    runUntagged: row.run_untagged,
    tagList: row.tag_list,
    accessLevel: row.access_level as RunnerAccessLevel,
    maximumTimeout: row.maximum_timeout,
    maintenanceNote: row.maintenance_note,
    groupId: row.group_id,
    groupPath: row.group_path,
    creatorId: row.creator_id,
    projectIds: (row.project_ids ?? []).map(Number),
    createdAt: row.created_at,
    tokenExpiresAt: row.token_expires_at,
    contactedAt: row.contacted_at,
    name: row.name,
    version: row.version,
    revision: row.revision,
    platform: row.platform,
    architecture: row.architecture,
    executor: row.executor,
    ipAddress: row.ip_address,
  }
}

/** The columns a settings change writes; absent settings are left alone. */
function settingsColumns(settings: RunnerSettings) {
  return {
    ...(settings.description !== undefined ? { description: settings.description } : {}),
    ...(settings.paused !== undefined ? { paused: settings.paused } : {}),
    ...(settings.locked !== undefined ? { locked: settings.locked } : {}),
    ...(settings.runUntagged !== undefined ? { run_untagged: settings.runUntagged } : {}),
    ...(settings.tagList !== undefined ? { tag_list: settings.tagList } : {}),
    ...(settings.accessLevel !== undefined ? { access_level: settings.accessLevel } : {}),
    ...(settings.maximumTimeout !== undefined ? { maximum_timeout: settings.maximumTimeout } : {}),
    ...(settings.maintenanceNote !== undefined
      ? { maintenance_note: settings.maintenanceNote }
      : {}),
  }
}

/** What a runner said of itself, as columns (only what it said). */
function contactColumns(contact: RunnerContact) {
  return {
    ...(contact.name ? { name: contact.name } : {}),
    ...(contact.version ? { version: contact.version } : {}),
    ...(contact.revision ? { revision: contact.revision } : {}),
    ...(contact.platform ? { platform: contact.platform } : {}),
    ...(contact.architecture ? { architecture: contact.architecture } : {}),
    ...(contact.executor ? { executor: contact.executor } : {}),
    ...(contact.ipAddress ? { ip_address: contact.ipAddress } : {}),
    ...(contact.systemId ? { system_id: contact.systemId } : {}),
  }
}

/** Runners in the `ci_triggers` schema, with their projects. */
export class RunnersStore implements RunnerStore {
  constructor(private readonly db: Kysely<Database>) {}

  private selectRunners() {
    return this.db
      .selectFrom('runners')
      .selectAll('runners')
      .select((eb) =>
        eb
          .selectFrom('runner_projects')
          .select(
            sql<
              number[]
            >`array_agg(runner_projects.project_id order by runner_projects.created_at, runner_projects.project_id)`.as(
              'ids',
            ),
          )
          .whereRef('runner_projects.runner_id', '=', 'runners.id')
          .as('project_ids'),
      )
  }

  async create(runner: NewRunner): Promise<Runner> {
    const id = await this.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('runners')
        .values({
          token_digest: runner.tokenDigest,
          runner_type: runner.runnerType,
          group_id: runner.groupId,
          group_path: runner.groupPath,
          creator_id: runner.creatorId,
          ...settingsColumns(runner.settings),
          ...(runner.contact ? contactColumns(runner.contact) : {}),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      if (runner.projectIds.length > 0) {
        await trx
          .insertInto('runner_projects')
          .values(
            runner.projectIds.map((projectId) => ({
              runner_id: inserted.id,
              project_id: projectId,
            })),
          )
          .execute()
      }
      return inserted.id
    })
    const created = await this.find(id)
    if (!created) throw new Error(`runner ${id} vanished after its insert`)
    return created
  }

  async find(id: number): Promise<Runner | undefined> {
    const row = await this.selectRunners().where('runners.id', '=', id).executeTakeFirst()
    return row ? toRunner(row) : undefined
  }

  async findByIds(ids: readonly number[]): Promise<Runner[]> {
    if (ids.length === 0) return []
    const rows = await this.selectRunners()
      .where('runners.id', 'in', [...ids])
      .execute()
    return rows.map(toRunner)
  }

  async findByTokenDigest(digest: string): Promise<Runner | undefined> {
    const row = await this.selectRunners()
      .where('runners.token_digest', '=', digest)
      .executeTakeFirst()
    return row ? toRunner(row) : undefined
  }

  async list(filter: RunnerFilter, window: Window): Promise<{ runners: Runner[]; total: number }> {
    let matches = this.db.selectFrom('runners')
    const projectIds = filter.projectIds
    if (projectIds !== undefined) {
      matches = matches.where((eb) => {
        const ofProjects =
          projectIds.length === 0
            ? eb.val(false)
            : eb.exists(
                eb
                  .selectFrom('runner_projects')
                  .select('runner_projects.runner_id')
                  .whereRef('runner_projects.runner_id', '=', 'runners.id')
                  .where('runner_projects.project_id', 'in', [...projectIds]),
              )
        return filter.includeInstance
          ? eb.or([ofProjects, eb('runners.runner_type', '=', 'instance_type')])
          : ofProjects
      })
    }
    if (filter.runnerType) matches = matches.where('runners.runner_type', '=', filter.runnerType)
    if (filter.paused !== undefined) matches = matches.where('runners.paused', '=', filter.paused)
    if (filter.tagList && filter.tagList.length > 0) {
      matches = matches.where(
        sql<boolean>`runners.tag_list @> ${sql.val([...filter.tagList])}::text[]`,
      )
    }
    if (filter.contactedAfter) {
      matches = matches.where('runners.contacted_at', '>', filter.contactedAfter)
    }
    if (filter.contactedBefore) {
      matches = matches.where('runners.contacted_at', '<=', filter.contactedBefore)
    }
    if (filter.neverContacted) matches = matches.where('runners.contacted_at', 'is', null)
    const ids = matches.select('runners.id')
    const [rows, count] = await Promise.all([
      this.selectRunners()
        .where('runners.id', 'in', ids)
        .orderBy('runners.id', 'asc')
        .limit(window.limit)
        .offset(window.offset)
        .execute(),
      matches.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ])
    return { runners: rows.map(toRunner), total: Number(count.total) }
  }

  async update(id: number, settings: RunnerSettings): Promise<Runner | undefined> {
    const columns = settingsColumns(settings)
    if (Object.keys(columns).length > 0) {
      await this.db
        .updateTable('runners')
        .set({ ...columns, updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .execute()
    }
    return this.find(id)
  }

  async delete(id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('runners').where('id', '=', id).executeTakeFirst()
    return Number(result.numDeletedRows) > 0
  }

  async contacted(id: number, contact: RunnerContact, at: Date): Promise<void> {
    await this.db
      .updateTable('runners')
      .set({ ...contactColumns(contact), contacted_at: at })
      .where('id', '=', id)
      .execute()
  }
}
