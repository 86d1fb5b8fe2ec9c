import { sql, type Kysely } from 'kysely'
import type { GroupQuery } from '../domain/group-query.js'
import type { Group, Namespace, NamespaceRef } from '../domain/namespace.js'
import { isGroup } from '../domain/namespace.js'
import type { NamespaceStore } from '../domain/ports.js'
import { MIN_CHARS_FOR_PARTIAL_MATCHING } from '../domain/user-query.js'
import { scopeCondition } from './group-scope.js'
import { toNamespace, toNamespaceColumns } from './namespace-rows.js'
import type { Database } from './schema.js'
import { likeEscape, type PageWindow } from './sql-helpers.js'
import { guardUnique } from './unique-violation.js'

/** The namespace aggregate: personal namespaces and groups. */
export class NamespacesStore implements NamespaceStore {
  constructor(private readonly db: Kysely<Database>) {}

  async find(ref: NamespaceRef): Promise<Namespace | undefined> {
    // A group being deleted (pending_delete) is read by nobody, as GitLab's deleted groups.
    const query = this.db.selectFrom('namespaces').selectAll().where('pending_delete', '=', false)
    const row = await (
      'id' in ref
        ? query.where('id', '=', ref.id)
        : query.where(sql<string>`lower(full_path)`, '=', ref.fullPath.toLowerCase())
    ).executeTakeFirst()
    return row ? toNamespace(row) : undefined
  }

  async findGroup(ref: NamespaceRef): Promise<Group | undefined> {
    const namespace = await this.find(ref)
    return namespace && isGroup(namespace) ? namespace : undefined
  }

  async findByIds(ids: readonly number[]): Promise<Namespace[]> {
    if (ids.length === 0) return []
    const rows = await this.db
      .selectFrom('namespaces')
      .selectAll()
      .where('id', 'in', [...new Set(ids)])
      .where('pending_delete', '=', false)
      .execute()
    return rows.map(toNamespace)
  }

  async findGroups(ids: readonly number[]): Promise<Group[]> {
    return (await this.findByIds(ids)).filter(isGroup)
  }

  /** Whether a route (full path) is held by any namespace but one. */
  async pathTaken(fullPath: string, exceptId?: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('namespaces')
      .select('id')
      .where(sql<string>`lower(full_path)`, '=', fullPath.toLowerCase())
      .$if(exceptId !== undefined, (qb) => qb.where('id', '!=', exceptId ?? 0))
      .executeTakeFirst()
    return row !== undefined
  }

  /** Whether a sibling group already has this name (GitLab compares names exactly). */
  async siblingNameTaken(parentId: number, name: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('namespaces')
      .select('id')
      .where('parent_id', '=', parentId)
      .where('name', '=', name)
      .executeTakeFirst()
    return row !== undefined
  }

  /** Reserves an id so traversal_ids can be written with the row. */
  async nextId(): Promise<number> {
    const { rows } = await sql<{
      id: string
    }>`select nextval(pg_get_serial_sequence('namespaces', 'id')) as id`.execute(this.db)
    return Number(rows[0]?.id)
  }

  async insert(namespace: Namespace): Promise<void> {
    await guardUnique(() =>
      this.db.insertInto('namespaces').values(toNamespaceColumns(namespace)).execute(),
    )
  }

  /** Follows a username change: the personal namespace's path, route and name. */
  async renameUserNamespace(ownerId: number, path: string, name: string): Promise<void> {
    await guardUnique(() =>
      this.db
        .updateTable('namespaces')
        .set({ path, full_path: path, name, full_name: name, updated_at: new Date() })
        .where('owner_id', '=', ownerId)
        .where('type', '=', 'User')
        .execute(),
    )
  }

  /** Writes a group's own columns (name, path, route, place, visibility, settings). */
  async updateGroup(group: Group): Promise<void> {
    const { id: _id, created_at: _created, type: _type, ...columns } = toNamespaceColumns(group)
    await guardUnique(() =>
      this.db
        .updateTable('namespaces')
        .set({ ...columns, updated_at: new Date() })
        .where('id', '=', group.id)
        .where('type', '=', 'Group')
        .execute(),
    )
  }

  /**
   * Moves the routes, names and traversal ids of every namespace below a
   * group (not the group itself) from its old place to its new one.
   */
  async moveDescendants(
    groupId: number,
    from: Pick<Namespace, 'fullPath' | 'fullName' | 'traversalIds'>,
    to: Pick<Namespace, 'fullPath' | 'fullName' | 'traversalIds'>,
  ): Promise<void> {
    await guardUnique(() =>
      this.db
        .updateTable('namespaces')
        .set({
          full_path: sql<string>`${to.fullPath} || substr(full_path, ${from.fullPath.length + 1})`,
          full_name: sql<string>`${to.fullName} || substr(full_name, ${from.fullName.length + 1})`,
          traversal_ids: sql<
            number[]
          >`${to.traversalIds}::int8[] || traversal_ids[${from.traversalIds.length + 1}:]`,
          updated_at: new Date(),
        })
        .where(sql<boolean>`${groupId}::int8 = ANY(traversal_ids)`)
        .where('id', '!=', groupId)
        .execute(),
    )
  }

  /** A group and every namespace below it, parents before children. */
  async subtree(groupId: number): Promise<Namespace[]> {
    const rows = await this.db
      .selectFrom('namespaces')
      .selectAll()
      .where(sql<boolean>`${groupId}::int8 = ANY(traversal_ids)`)
      .orderBy(sql`cardinality(traversal_ids)`)
      .orderBy('id')
      .execute()
    return rows.map(toNamespace)
  }

  async capDescendantsVisibility(groupId: number, level: number): Promise<void> {
    await this.db
      .updateTable('namespaces')
      .set({ visibility_level: level, updated_at: new Date() })
      .where(sql<boolean>`${groupId}::int8 = ANY(traversal_ids)`)
      .where('id', '!=', groupId)
      .where('visibility_level', '>', level)
      .execute()
  }

  /** The highest visibility level of a group's direct subgroups; undefined with none. */
  async maxSubgroupVisibility(groupId: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('namespaces')
      .select((eb) => eb.fn.max('visibility_level').as('level'))
      .where('parent_id', '=', groupId)
      .executeTakeFirst()
    return row?.level === null || row?.level === undefined ? undefined : Number(row.level)
  }

  async listGroups(
    query: GroupQuery,
    window: PageWindow,
  ): Promise<{ groups: Group[]; total: number }> {
    const base = this.db
      .selectFrom('namespaces')
      .where('namespaces.type', '=', 'Group')
      .where('namespaces.pending_delete', '=', false)
      .where((eb) => scopeCondition(eb, query.scope))
      .$if(query.parentId !== undefined && !query.allDescendants, (qb) =>
        qb.where('namespaces.parent_id', '=', query.parentId ?? 0),
      )
      .$if(query.parentId !== undefined && query.allDescendants === true, (qb) =>
        qb
          .where(sql<boolean>`namespaces.traversal_ids @> array[${query.parentId ?? 0}]::bigint[]`)
          .where('namespaces.id', '<>', query.parentId ?? 0),
      )
      .$if(query.topLevelOnly, (qb) => qb.where('namespaces.parent_id', 'is', null))
      .$if(query.skipIds.length > 0, (qb) => qb.where('namespaces.id', 'not in', query.skipIds))
      .$if(query.visibilityLevel !== undefined, (qb) =>
        qb.where('namespaces.visibility_level', '=', query.visibilityLevel ?? 0),
      )
      .$if(query.search !== undefined, (qb) =>
        qb.where((eb) => {
          const term = (query.search ?? '').toLowerCase()
          const pattern =
            term.length >= MIN_CHARS_FOR_PARTIAL_MATCHING
              ? `%${likeEscape(term)}%`
              : likeEscape(term)
          // Without a parent GitLab searches the whole route (full path and full name).
          const [path, name] =
            query.parentId === undefined ? ['full_path', 'full_name'] : ['path', 'name']
          return eb.or([
            eb(sql<string>`lower(${sql.ref(`namespaces.${path}`)})`, 'like', pattern),
            eb(sql<string>`lower(${sql.ref(`namespaces.${name}`)})`, 'like', pattern),
          ])
        }),
      )
    const { column, direction } = query.order
    const [rows, count] = await Promise.all([
      base
        .selectAll('namespaces')
        .orderBy(`namespaces.${column}`, direction)
        .$if(column !== 'id', (qb) => qb.orderBy('namespaces.id', 'asc'))
        .limit(window.limit)
        .offset(window.offset)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ])
    return { groups: rows.map(toNamespace).filter(isGroup), total: Number(count.total) }
  }
}
