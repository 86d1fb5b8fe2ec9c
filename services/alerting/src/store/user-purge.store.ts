import { sql, type Kysely } from 'kysely'
import type { UserDeleted } from '@suite/proto'
import { updateInBatches } from '@suite/runtime'
import type { Database } from './schema.js'

/** A deleted user is no longer an assignee of any alert (in batches); returns the alerts changed. */
export function migrateUserRows(db: Kysely<Database>, { userId }: UserDeleted): Promise<number> {
  return updateInBatches(
    db,
    'alert_management_alerts',
    sql`assignee_ids = array_remove(assignee_ids, ${userId}::bigint)`,
    sql`${userId}::bigint = any(assignee_ids)`,
  )
}
