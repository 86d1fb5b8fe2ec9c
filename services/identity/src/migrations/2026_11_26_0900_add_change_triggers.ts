import type { Kysely } from 'kysely'
import { installChangeTriggersV1 } from '@suite/runtime'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

/**
 * Change events for the gateways' caches: a user's row and identities name the
 * user; a membership names its user (whose abilities it changes: every cached
 * answer depends on its viewer) and, for a project, the project. A changed or
 * deleted namespace, member role or SAML provider reaches every project below
 * a group, so it empties the caches; a new namespace holds nothing yet.
 */
export async function up(db: AnyDB): Promise<void> {
  await installChangeTriggersV1(db, [
    { table: 'users', tag: `'u:' || r.id` },
    { table: 'identities', tag: `'u:' || r.user_id` },
    {
      table: 'members',
      tag: `CASE WHEN r.source_type = 'Project' THEN 'p:' || r.source_id || ',u:' || r.user_id
        ELSE 'u:' || r.user_id END`,
    },
    { table: 'namespaces', tag: `'*'`, events: ['UPDATE', 'DELETE'] },
    { table: 'member_roles', tag: `'*'` },
    { table: 'saml_providers', tag: `'*'` },
  ])
}
