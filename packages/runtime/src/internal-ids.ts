import { sql, type QueryExecutorProvider } from 'kysely'

/**
 * GitLab's internal_ids: the last per-project iid handed out, by usage
 * (ci_pipelines, alert_management_alerts, ...). Every service that numbers
 * objects per project has this table in its schema:
 * `internal_ids(usage text, project_id bigint, last_value bigint, primary key (usage, project_id))`.
 */

/**
 * The next per-project iid for `usage`, from 1. The upsert locks the counter
 * row until the surrounding transaction ends, so concurrent callers in one
 * project get distinct, increasing values; a rolled-back transaction gives
 * its value back.
 */
export async function allocateInternalId(
  db: QueryExecutorProvider,
  usage: string,
  projectId: number,
): Promise<number> {
  const { rows } = await sql<{ last_value: number }>`
    INSERT INTO internal_ids (usage, project_id, last_value) VALUES (${usage}, ${projectId}, 1)
    ON CONFLICT (usage, project_id) DO UPDATE SET last_value = internal_ids.last_value + 1
    RETURNING last_value`.execute(db)
  const row = rows[0]
  if (!row) throw new Error(`no internal id allocated for ${usage}`)
  return Number(row.last_value)
}

/**
 * Gives back `value` when it is still the last one handed out (the caller
 * holds the counter's lock, so nobody took a later one): an iid allocated for
 * an insert that turned into something else leaves no gap.
 */
export async function releaseInternalId(
  db: QueryExecutorProvider,
  usage: string,
  projectId: number,
  value: number,
): Promise<void> {
  await sql`
    UPDATE internal_ids SET last_value = ${value - 1}
    WHERE usage = ${usage} AND project_id = ${projectId} AND last_value = ${value}`.execute(db)
}
