import type { Kysely } from 'kysely'
import { installChangeTriggersV1 } from '@suite/runtime'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

/**
 * A revoked or deleted personal access token names its user, so that every
 * gateway drops the user's cached token principals at once. Updates that
 * leave a token usable (its last_used_at touched on use) name nobody and so
 * send nothing; expiry is a date, and the caches empty at UTC midnight.
 */
export async function up(db: AnyDB): Promise<void> {
  await installChangeTriggersV1(db, [
    {
      table: 'personal_access_tokens',
      tag: `CASE WHEN r.revoked THEN 'u:' || r.user_id END`,
      events: ['UPDATE'],
    },
    { table: 'personal_access_tokens', tag: `'u:' || r.user_id`, events: ['DELETE'] },
  ])
}
