import { sql, type Kysely } from 'kysely'
import { purgeInBatches } from '@suite/runtime'
import type { Database } from './schema.js'

/**
 * Removes what the ci-triggers schema holds for deleted groups themselves
 * (their CI/CD variables; their projects go through the project deletion
 * path), in batches; returns how many rows went. Idempotent.
 */
export function purgeGroupRows(
  db: Kysely<Database>,
  namespaceIds: readonly number[],
): Promise<number> {
  const ids = [...namespaceIds]
  return purgeInBatches(
    db,
    'ci_variables',
    sql`coalesce(project_id, 0) = 0 and coalesce(group_id, 0) = any(${ids}::bigint[])`,
  )
}
