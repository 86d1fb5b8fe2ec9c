import type { Kysely } from 'kysely'
import type { Database } from './schema.js'

/** What an internal id counts, as GitLab's internal_ids.usage names it. */
export type InternalIdUsage = 'ci_pipelines'

/**
 * The next per-project iid for `usage`, from 1. The upsert locks the
 * counter row until the surrounding transaction ends, so concurrent callers
 * in one project get distinct, increasing values; a rolled-back transaction
 * gives its value back.
 */
export async function allocateInternalId(
  db: Kysely<Database>,
  usage: InternalIdUsage,
  projectId: number,
): Promise<number> {
  const row = await db
    .insertInto('internal_ids')
    .values({ usage, project_id: projectId, last_value: 1 })
    .onConflict((oc) =>
      oc
        .columns(['usage', 'project_id'])
        .doUpdateSet((eb) => ({ last_value: eb('internal_ids.last_value', '+', 1) })),
    )
    .returning('last_value')
    .executeTakeFirstOrThrow()
  return row.last_value
}
