import { sql, type Kysely, type SqlBool } from 'kysely'
import {
  COUNT_LIMIT,
  type PageQuery,
  type ProjectFilter,
  type Viewer,
} from '../domain/list-query.js'
import type { AvatarChange, StoredAvatar } from '../domain/avatar.js'
import type { ProjectStore } from '../domain/ports.js'
import type { ChangedProject, NewProject, Project } from '../domain/project.js'
import { findAvatar } from './project-avatars.store.js'
import { filtered, similarityScore } from './project-filters.js'
import type { ProjectRow } from './project-rows.js'
import { withTopics } from './project-topics.store.js'
import { deleteCreatedProject, insertProject, updateProject } from './project-writes.store.js'
import type { Database } from './schema.js'

/**
 * Projects, their settings and topics: the reads and the list here, the
 * filters in project-filters.ts, the writes in project-writes.store.ts.
 */
export class ProjectsStore implements ProjectStore {
  constructor(private readonly db: Kysely<Database>) {}

  private withTopics(rows: ProjectRow[]): Promise<Project[]> {
    return withTopics(this.db, rows)
  }

  async findById(id: number): Promise<Project | undefined> {
    const row = await this.db
      .selectFrom('projects')
      .selectAll()
      .where('id', '=', id)
      .where('pending_delete', '=', false)
      .executeTakeFirst()
    return row ? (await this.withTopics([row]))[0] : undefined
  }

  async findByFullPath(fullPath: string): Promise<Project | undefined> {
    const row = await this.db
      .selectFrom('projects')
      .selectAll()
      .where(sql<SqlBool>`lower(full_path) = lower(${fullPath})`)
      .where('pending_delete', '=', false)
      .executeTakeFirst()
    return row ? (await this.withTopics([row]))[0] : undefined
  }

  async findMany(ids: readonly number[]): Promise<Project[]> {
    if (ids.length === 0) return []
    const rows = await this.db
      .selectFrom('projects')
      .selectAll()
      .where('id', 'in', [...new Set(ids)])
      .where('pending_delete', '=', false)
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

  async countInNamespace(namespaceId: number): Promise<number> {
    const row = await this.db
      .selectFrom('projects')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('namespace_id', '=', namespaceId)
      .where('pending_delete', '=', false)
      .executeTakeFirstOrThrow()
    return Number(row.count)
  }

  async list(
    filter: ProjectFilter,
    viewer: Viewer,
    page: PageQuery,
  ): Promise<{ projects: Project[]; total: number | undefined; more: boolean }> {
    const base = this.db.selectFrom('projects').where((eb) => filtered(eb, filter, viewer))
    const direction = filter.sort
    let query = base.selectAll()
    if (filter.orderBy === 'similarity') {
      // GitLab's sorted_by_similarity_desc: best match first whatever `sort` says.
      query = query
        .orderBy(similarityScore(filter.search ?? ''), 'desc')
        .orderBy('projects.id', 'desc')
    } else if (filter.orderBy === 'id') {
      query = query.orderBy('projects.id', direction)
    } else {
      query = query
        .orderBy(`projects.${filter.orderBy}`, direction)
        .orderBy('projects.id', direction)
    }
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

  /**
   * Inserts a project with its topics, avatar, `created` event and a queued
   * publication of its access facts, in one transaction.
   */
  insert(
    project: NewProject,
    topics: readonly string[],
    authorId: number,
    avatar?: AvatarChange,
  ): Promise<number> {
    return insertProject(this.db, project, topics, authorId, avatar)
  }

  /** Undoes insert: the project row and its events, in one transaction. */
  deleteCreated(id: number): Promise<void> {
    return deleteCreatedProject(this.db, id)
  }

  /**
   * Writes a project's new state (and topics and avatar when given);
   * updated_at and version move. With `accessFactsChanged`, the publication
   * of its access facts is queued in the same transaction.
   */
  update(
    project: ChangedProject,
    topics: readonly string[] | undefined,
    avatar?: AvatarChange,
    accessFactsChanged = false,
  ): Promise<void> {
    return updateProject(this.db, project, topics, avatar, accessFactsChanged)
  }

  /** A project's avatar image, if it has one. */
  avatar(projectId: number): Promise<StoredAvatar | undefined> {
    return findAvatar(this.db, projectId)
  }
}
