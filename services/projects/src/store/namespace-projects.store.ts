import { sql, type Kysely, type SqlBool } from 'kysely'
import { visibilityName, type VisibilityLevel } from '@suite/runtime'
import type { NamespaceProjectStore, NamespaceSnapshot } from '../domain/namespace-projects.js'
import { toProject, toRow } from './project-rows.js'
import type { Database } from './schema.js'

/** The projects of namespaces, as identity's renames and transfers reach them. */
export class NamespaceProjectsStore implements NamespaceProjectStore {
  constructor(private readonly db: Kysely<Database>) {}

  async maxVisibility(namespaceId: number): Promise<VisibilityLevel | undefined> {
    const row = await this.db
      .selectFrom('projects')
      .select((eb) => eb.fn.max('visibility_level').as('level'))
      .where('namespace_id', '=', namespaceId)
      .executeTakeFirst()
    const level = row?.level
    return level === null || level === undefined ? undefined : Number(level)
  }

  async pathTaken(namespaceId: number, path: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('projects')
      .select('id')
      .where('namespace_id', '=', namespaceId)
      .where(sql<SqlBool>`lower(path) = lower(${path})`)
      .executeTakeFirst()
    return row !== undefined
  }

  sync(snapshots: readonly NamespaceSnapshot[]): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      // One statement for the whole subtree; rows already current are left alone.
      const changed = await sql<{ id: number }>`
        UPDATE projects p SET
          namespace_full_path = s.full_path,
          namespace_full_name = s.full_name,
          namespace_parent_id = s.parent_id,
          namespace_traversal_ids = s.traversal_ids::int8[],
          full_path = s.full_path || '/' || p.path,
          version = p.version + 1
        FROM unnest(
          ${snapshots.map((s) => s.id)}::int8[],
          ${snapshots.map((s) => s.fullPath)}::text[],
          ${snapshots.map((s) => s.fullName)}::text[],
          ${snapshots.map((s) => s.parentId)}::int8[],
          ${snapshots.map((s) => `{${s.traversalIds.join(',')}}`)}::text[]
        ) AS s(id, full_path, full_name, parent_id, traversal_ids)
        WHERE p.namespace_id = s.id
          AND (p.namespace_full_path IS DISTINCT FROM s.full_path
            OR p.namespace_full_name IS DISTINCT FROM s.full_name
            OR p.namespace_parent_id IS DISTINCT FROM s.parent_id
            OR p.namespace_traversal_ids IS DISTINCT FROM s.traversal_ids::int8[])
        RETURNING p.id`.execute(trx)
      const ids = new Set(changed.rows.map((row) => Number(row.id)))
      for (const id of await lowerVisibility(trx, snapshots)) ids.add(id)
      if (ids.size > 0) {
        await trx
          .insertInto('access_facts_outbox')
          .values([...ids].map((id) => ({ project_id: id })))
          .execute()
      }
      return ids.size
    })
  }
}

/**
 * Lowers every project more visible than its namespace to the namespace's
 * level, with the list Requirements the policy gives the new level; the ids
 * of the projects lowered.
 */
async function lowerVisibility(
  trx: Kysely<Database>,
  snapshots: readonly NamespaceSnapshot[],
): Promise<number[]> {
  const rows = await sql<{ id: number }>`
    SELECT p.id FROM projects p
    JOIN unnest(
      ${snapshots.map((s) => s.id)}::int8[],
      ${snapshots.map((s) => s.visibilityLevel)}::int4[]
    ) AS s(id, level) ON p.namespace_id = s.id
    WHERE p.visibility_level > s.level
    FOR UPDATE OF p`.execute(trx)
  if (rows.rows.length === 0) return []
  const levels = new Map(snapshots.map((s) => [s.id, s.visibilityLevel]))
  const projects = await trx
    .selectFrom('projects')
    .selectAll()
    .where(
      'id',
      'in',
      rows.rows.map((row) => Number(row.id)),
    )
    .execute()
  for (const row of projects) {
    const project = toProject(row, [])
    const level = levels.get(project.namespace.id) ?? 0
    const columns = toRow({ ...project, visibility: visibilityName(level) })
    await trx
      .updateTable('projects')
      .set((eb) => ({ ...columns, version: eb('version', '+', 1) }))
      .where('id', '=', project.id)
      .execute()
  }
  return projects.map((row) => row.id)
}
