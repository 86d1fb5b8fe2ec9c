import { sql, type Kysely } from 'kysely'
import { purgeInBatches } from '@suite/runtime'
import type { Database } from './schema.js'

/**
 * Removes everything the alerting schema holds for a deleted project, in
 * batches, and returns how many rows went: alert occurrences (processed or
 * waiting), alerts, HTTP integrations and the project's iid counters.
 * Idempotent: run again after a crash, it finishes the job.
 */
export async function purgeProjectRows(db: Kysely<Database>, projectId: number): Promise<number> {
  let removed = 0
  for (const table of [
    'alert_events',
    'alert_management_alerts',
    'alert_management_http_integrations',
    'internal_ids',
  ]) {
    removed += await purgeInBatches(db, table, sql`project_id = ${projectId}`)
  }
  return removed
}
