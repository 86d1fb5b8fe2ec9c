import { sql, type Kysely, type SqlBool } from 'kysely'
import type { Viewer } from '../domain/list-query.js'
import type { ReadableScope } from '../domain/readable-project-ids.js'
import { visibleTo } from './project-filters.js'
import type { Database } from './schema.js'

/**
 * The ids of the projects the viewer may read (the visibility of the projects
 * list, project-filters.ts visibleTo), within a group and its subgroups and
 * without archived projects when asked, in id order.
 */
export function readableProjectIdsQuery(
  db: Kysely<Database>,
  viewer: Viewer,
  scope: ReadableScope,
) {
  let query = db
    .selectFrom('projects')
    .select('projects.id')
    .where((eb) => visibleTo(eb, viewer))
  if (scope.groupId !== undefined) {
    // The group itself or any group above the project's namespace.
    query = query.where(
      sql<SqlBool>`${scope.groupId}::bigint = any(projects.namespace_traversal_ids)`,
    )
  }
  if (scope.nonArchived) query = query.where('projects.archived', '=', false)
  return query.orderBy('projects.id')
}

/** Runs readableProjectIdsQuery. */
export async function readableProjectIds(
  db: Kysely<Database>,
  viewer: Viewer,
  scope: ReadableScope,
): Promise<number[]> {
  const rows = await readableProjectIdsQuery(db, viewer, scope).execute()
  return rows.map((row) => Number(row.id))
}
