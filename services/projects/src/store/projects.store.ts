import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely'
import { AccessLevel } from '../domain/caller.js'
import {
  COUNT_LIMIT,
  type PageQuery,
  type ProjectFilter,
  type Viewer,
} from '../domain/list-query.js'
import type { Memberships } from '../domain/policy.js'
import type { Project } from '../domain/project.js'
import { VisibilityLevel } from '../domain/visibility.js'
import type { Database } from './schema.js'
import { toProject, toRow, type ProjectRow } from './project-rows.js'

type Eb = ExpressionBuilder<Database, 'projects'>

/** `like` pattern text with %, _ and \ taken literally. */
function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`)
}

function idsAtLeast(levels: ReadonlyMap<number, number>, minimum: number): number[] {
  return [...levels].filter(([, level]) => level >= minimum).map(([id]) => id)
}

/**
 * Projects where the user holds at least `minimum`: a project membership, a
 * membership in a group above it, or the personal namespace it lives in.
 */
export function heldAtLeast(
  eb: Eb,
  userId: number,
  memberships: Memberships,
  minimum: number,
): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = []
  const projectIds = idsAtLeast(memberships.projects, minimum)
  const groupIds = idsAtLeast(memberships.groups, minimum)
  if (projectIds.length > 0) conditions.push(eb('projects.id', 'in', projectIds))
  if (groupIds.length > 0) {
    conditions.push(
      sql<SqlBool>`projects.namespace_traversal_ids && ${sql.val(groupIds)}::bigint[]`,
    )
  }
  if (minimum <= AccessLevel.OWNER) conditions.push(eb('projects.owner_id', '=', userId))
  return eb.or(conditions)
}

/** ProjectsFinder's visibility: what the viewer may read. */
function visibleTo(eb: Eb, viewer: Viewer): Expression<SqlBool> {
  const { caller, memberships } = viewer
  if (caller.admin) return sql<SqlBool>`true`
  if (caller.userId === undefined) {
    return eb('projects.visibility_level', '=', VisibilityLevel.PUBLIC)
  }
  return eb.or([
    eb('projects.visibility_level', '>=', VisibilityLevel.INTERNAL),
    heldAtLeast(eb, caller.userId, memberships, AccessLevel.GUEST),
  ])
}

function filtered(eb: Eb, filter: ProjectFilter, viewer: Viewer): Expression<SqlBool> {
  const userId = viewer.caller.userId
  const and: Expression<SqlBool>[] = [visibleTo(eb, viewer)]
  if (filter.archived !== undefined) and.push(eb('projects.archived', '=', filter.archived))
  if (filter.active !== undefined) and.push(eb('projects.archived', '=', !filter.active))
  if (filter.idAfter !== undefined) and.push(eb('projects.id', '>', filter.idAfter))
  if (filter.idBefore !== undefined) and.push(eb('projects.id', '<', filter.idBefore))
  if (filter.lastActivityAfter) {
    and.push(eb('projects.last_activity_at', '>', filter.lastActivityAfter))
  }
  if (filter.lastActivityBefore) {
    and.push(eb('projects.last_activity_at', '<', filter.lastActivityBefore))
  }
  if (filter.updatedAfter) and.push(eb('projects.updated_at', '>', filter.updatedAfter))
  if (filter.updatedBefore) and.push(eb('projects.updated_at', '<', filter.updatedBefore))
  if (filter.visibilityLevel !== undefined) {
    and.push(eb('projects.visibility_level', '=', filter.visibilityLevel))
  }
  if (filter.userNamespaceOwnerId !== undefined) {
    and.push(eb('projects.owner_id', '=', filter.userNamespaceOwnerId))
    and.push(eb('projects.namespace_kind', '=', 'user'))
  }
  if (filter.withIssuesEnabled) and.push(eb('projects.issues_access_level', '<>', 'disabled'))
  if (filter.withMergeRequestsEnabled) {
    and.push(eb('projects.merge_requests_access_level', '<>', 'disabled'))
  }
  // Membership filters need a signed-in user; without one they match nothing.
  const needsUser = filter.membership || filter.owned || filter.minAccessLevel !== undefined
  if (needsUser && userId === undefined) and.push(sql<SqlBool>`false`)
  if (userId !== undefined) {
    if (filter.membership) {
      and.push(heldAtLeast(eb, userId, viewer.memberships, AccessLevel.MINIMAL_ACCESS))
    }
    if (filter.owned) and.push(heldAtLeast(eb, userId, viewer.memberships, AccessLevel.OWNER))
    if (filter.minAccessLevel !== undefined) {
      and.push(heldAtLeast(eb, userId, viewer.memberships, filter.minAccessLevel))
    }
  }
  // No stars are kept yet: starred=true lists nothing.
  if (filter.starred) and.push(sql<SqlBool>`false`)
  for (const term of filter.searchTerms) {
    const pattern = `%${likeEscape(term)}%`
    const fields: Expression<SqlBool>[] = [
      eb('projects.path', 'ilike', pattern),
      eb('projects.name', 'ilike', pattern),
      eb('projects.description', 'ilike', pattern),
    ]
    if (filter.searchNamespaces) {
      fields.push(eb('projects.full_path', 'ilike', pattern))
      fields.push(eb('projects.namespace_full_name', 'ilike', pattern))
    }
    and.push(eb.or(fields))
  }
  for (const topic of filter.topics) {
    and.push(
      eb.exists(
        eb
          .selectFrom('project_topics')
          .innerJoin('topics', 'topics.id', 'project_topics.topic_id')
          .select('project_topics.project_id')
          .whereRef('project_topics.project_id', '=', 'projects.id')
          .where(sql<SqlBool>`lower(topics.name) = lower(${topic})`),
      ),
    )
  }
  if (filter.topicId !== undefined) {
    const topicId = filter.topicId
    and.push(
      eb.exists(
        eb
          .selectFrom('project_topics')
          .select('project_topics.project_id')
          .whereRef('project_topics.project_id', '=', 'projects.id')
          .where('project_topics.topic_id', '=', topicId),
      ),
    )
  }
  return eb.and(and)
}

/** Projects, their settings and topics. */
export class ProjectsStore {
  constructor(private readonly db: Kysely<Database>) {}

  private async withTopics(rows: ProjectRow[]): Promise<Project[]> {
    if (rows.length === 0) return []
    const topicRows = await this.db
      .selectFrom('project_topics')
      .innerJoin('topics', 'topics.id', 'project_topics.topic_id')
      .select(['project_topics.project_id', 'topics.name'])
      .where(
        'project_topics.project_id',
        'in',
        rows.map((row) => row.id),
      )
      .orderBy('project_topics.position')
      .execute()
    const byProject = new Map<number, string[]>()
    for (const row of topicRows) {
      const list = byProject.get(row.project_id) ?? []
      list.push(row.name)
      byProject.set(row.project_id, list)
    }
    return rows.map((row) => toProject(row, byProject.get(row.id) ?? []))
  }

  async findById(id: number): Promise<Project | undefined> {
    const row = await this.db
      .selectFrom('projects')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst()
    return row ? (await this.withTopics([row]))[0] : undefined
  }

  async findByFullPath(fullPath: string): Promise<Project | undefined> {
    const row = await this.db
      .selectFrom('projects')
      .selectAll()
      .where(sql<SqlBool>`lower(full_path) = lower(${fullPath})`)
      .executeTakeFirst()
    return row ? (await this.withTopics([row]))[0] : undefined
  }

  async findMany(ids: readonly number[]): Promise<Project[]> {
    if (ids.length === 0) return []
    const rows = await this.db
      .selectFrom('projects')
      .selectAll()
      .where('id', 'in', [...new Set(ids)])
      .orderBy('id')
      .execute()
    return this.withTopics(rows)
  }

  /** Whether a path (any case) or a name is taken in a namespace by another project. */
  async taken(
    namespaceId: number,
    name: string,
    path: string,
    exceptId?: number,
  ): Promise<{ name: boolean; path: boolean }> {
    let query = this.db
      .selectFrom('projects')
      .select(['name', 'path'])
      .where('namespace_id', '=', namespaceId)
      .where((eb) => eb.or([eb('name', '=', name), eb(sql`lower(path)`, '=', path.toLowerCase())]))
    if (exceptId !== undefined) query = query.where('id', '<>', exceptId)
    const rows = await query.execute()
    return {
      name: rows.some((row) => row.name === name),
      path: rows.some((row) => row.path.toLowerCase() === path.toLowerCase()),
    }
  }

  /** Inserts a project with its topics and its `created` event, in one transaction. */
  async insert(
    project: Omit<Project, 'id' | 'topics' | 'createdAt' | 'updatedAt' | 'lastActivityAt'>,
    topics: readonly string[],
    authorId: number,
  ): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('projects')
        .values(toRow(project))
        .returning('id')
        .executeTakeFirstOrThrow()
      await replaceTopics(trx, id, topics)
      await trx
        .insertInto('events')
        .values({
          project_id: id,
          author_id: authorId,
          action: 'created',
          target_type: null,
          target_id: null,
          target_iid: null,
          target_title: null,
          idempotency_key: `projects:project-created:${id}`,
        })
        .execute()
      return id
    })
  }

  /** Writes a project's new state (and topics when given); updated_at moves. */
  async update(
    project: Omit<Project, 'topics' | 'createdAt' | 'updatedAt' | 'lastActivityAt'>,
    topics: readonly string[] | undefined,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('projects')
        .set({ ...toRow(project), updated_at: sql<Date>`now()` })
        .where('id', '=', project.id)
        .execute()
      if (topics !== undefined) await replaceTopics(trx, project.id, topics)
    })
  }

  async list(
    filter: ProjectFilter,
    viewer: Viewer,
    page: PageQuery,
  ): Promise<{ projects: Project[]; total: number | undefined; more: boolean }> {
    const base = this.db.selectFrom('projects').where((eb) => filtered(eb, filter, viewer))
    const direction = filter.sort
    let query = base.selectAll()
    query =
      filter.orderBy === 'id'
        ? query.orderBy('projects.id', direction)
        : query.orderBy(`projects.${filter.orderBy}`, direction).orderBy('projects.id', direction)
    if (page.kind === 'keyset') {
      const rows = await query.limit(page.perPage + 1).execute()
      return {
        projects: await this.withTopics(rows.slice(0, page.perPage)),
        total: undefined,
        more: rows.length > page.perPage,
      }
    }
    const rows = await query
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage)
      .execute()
    const counted = await this.db
      .selectFrom(base.select('projects.id').limit(COUNT_LIMIT).as('capped'))
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow()
    return { projects: await this.withTopics(rows), total: Number(counted.count), more: false }
  }
}

async function replaceTopics(
  trx: Kysely<Database>,
  projectId: number,
  topics: readonly string[],
): Promise<void> {
  await trx.deleteFrom('project_topics').where('project_id', '=', projectId).execute()
  let position = 0
  for (const name of topics) {
    const existing = await trx
      .selectFrom('topics')
      .select('id')
      .where(sql<SqlBool>`lower(name) = lower(${name})`)
      .executeTakeFirst()
    const topicId =
      existing?.id ??
      (
        await trx
          .insertInto('topics')
          .values({ name })
          .onConflict((oc) => oc.expression(sql`lower(name)`).doNothing())
          .returning('id')
          .executeTakeFirst()
      )?.id ??
      (
        await trx
          .selectFrom('topics')
          .select('id')
          .where(sql<SqlBool>`lower(name) = lower(${name})`)
          .executeTakeFirstOrThrow()
      ).id
    await trx
      .insertInto('project_topics')
      .values({ project_id: projectId, topic_id: topicId, position })
      .onConflict((oc) => oc.doNothing())
      .execute()
    position += 1
  }
}
