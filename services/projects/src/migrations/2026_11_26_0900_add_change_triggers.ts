import type { Kysely } from 'kysely'
import { installChangeTriggersV1 } from '@suite/runtime'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

/**
 * Change events for the gateways' caches: a project's row, topics, avatar and
 * activity events name the project; a changed or deleted topic of the
 * catalogue, shared by every project, empties the caches (a new one is only
 * shown through project_topics).
 */
export async function up(db: AnyDB): Promise<void> {
  await installChangeTriggersV1(db, [
    { table: 'projects', tag: `'p:' || r.id` },
    { table: 'project_topics', tag: `'p:' || r.project_id` },
    { table: 'project_avatars', tag: `'p:' || r.project_id` },
    { table: 'events', tag: `'p:' || r.project_id` },
    { table: 'topics', tag: `'*'`, events: ['UPDATE', 'DELETE'] },
  ])
}
