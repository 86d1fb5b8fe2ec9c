import type { Kysely } from 'kysely'
import { installChangeTriggersV1 } from '@suite/runtime'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

/**
 * Change events for the gateways' caches: a user's row and identities name the
 * user; a project membership names the project; namespaces, group
 * memberships, member roles and SAML providers reach every project below a
 * group, so they empty the caches.
 */
export async function up(db: AnyDB): Promise<void> {
  await installChangeTriggersV1(db, [
    { table: 'users', tag: `'u:' || r.id` },
    { table: 'identities', tag: `'u:' || r.user_id` },
    {
      table: 'members',
      tag: `CASE WHEN r.source_type = 'Project' THEN 'p:' || r.source_id ELSE '*' END`,
    },
    { table: 'namespaces', tag: `'*'` },
    { table: 'member_roles', tag: `'*'` },
    { table: 'saml_providers', tag: `'*'` },
  ])
}
