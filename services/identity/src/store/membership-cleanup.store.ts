import { sql, type Kysely } from 'kysely'
import type { Database } from './schema.js'

/**
 * Removes at most `limit` memberships of a deleted project (its own, not
 * those of the groups above it) in one statement; returns how many went.
 */
export async function deleteProjectMembers(
  db: Kysely<Database>,
  projectId: number,
  limit: number,
): Promise<number> {
  const where = sql`source_type = 'Project' and source_id = ${projectId}`
  const result = await sql`delete from members where id = any(array(
      select id from members where ${where} order by id limit ${limit}))`.execute(db)
  return Number(result.numAffectedRows ?? 0n)
}
