import type { Kysely } from 'kysely'
import { installChangeTriggersV1 } from '@suite/runtime'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

/** Change events for the gateways' caches: a pipeline names its project (merge requests show it). */
export async function up(db: AnyDB): Promise<void> {
  await installChangeTriggersV1(db, [{ table: 'pipelines', tag: `'p:' || r.project_id` }])
}
