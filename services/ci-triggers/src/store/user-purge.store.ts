import { sql, type Kysely } from 'kysely'
import type { UserDeleted } from '@suite/proto'
import { purgeInBatches, updateInBatches } from '@suite/runtime'
import type { Database } from './schema.js'

/**
 * A deleted user's side of the ci-triggers schema, in batches: the trigger
 * tokens they own stop working (removed, as their foreign key does in
 * GitLab); pipelines and jobs they started move to the Ghost user, whatever
 * hard_delete says (they are the project's history, not the user's
 * contributions); runners they created keep running without a creator.
 */
export async function migrateUserRows(
  db: Kysely<Database>,
  { userId, ghostUserId }: UserDeleted,
): Promise<number> {
  let changed = await purgeInBatches(db, 'ci_triggers', sql`owner_id = ${userId}`)
  const toGhost = sql`user_id = ${ghostUserId}`
  changed += await updateInBatches(db, 'pipelines', toGhost, sql`user_id = ${userId}`)
  changed += await updateInBatches(db, 'jobs', toGhost, sql`user_id = ${userId}`)
  changed += await updateInBatches(
    db,
    'runners',
    sql`creator_id = null`,
    sql`creator_id = ${userId}`,
  )
  return changed
}
