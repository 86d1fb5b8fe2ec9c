import type { Kysely } from 'kysely'
import type { Database } from './schema.js'

/**
 * Deletes up to `batchSize` events created before `cutoff` (their push
 * payloads go with them); returns how many went. Safe to repeat.
 */
export async function deleteEventsBefore(
  db: Kysely<Database>,
  cutoff: Date,
  batchSize: number,
): Promise<number> {
  const result = await db
    .deleteFrom('events')
    .where(
      'id',
      'in',
      db
        .selectFrom('events')
        .select('id')
        .where('created_at', '<', cutoff)
        .orderBy('id')
        .limit(batchSize),
    )
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}
