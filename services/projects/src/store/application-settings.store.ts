import { sql, type Kysely } from 'kysely'
import type { ApplicationSettingsStore } from '../domain/ports.js'
import type { Database } from './schema.js'

/** The name kept in its own column, which hook deliveries read. */
const ALLOW_LOCAL = 'allow_local_requests_from_web_hooks_and_services'

/** The instance_settings row: the values set over GitLab's defaults, and the row's times. */
export function applicationSettingsStore(db: Kysely<Database>): ApplicationSettingsStore {
  return {
    async stored() {
      const row = await db
        .selectFrom('instance_settings')
        .select([`${ALLOW_LOCAL} as allow`, 'settings', 'created_at', 'updated_at'])
        .where('id', '=', 1)
        .executeTakeFirstOrThrow()
      return {
        values: { ...row.settings, [ALLOW_LOCAL]: row.allow },
        createdAt: row.created_at,
        updatedAt: new Date(row.updated_at),
      }
    },
    async update(changes) {
      const { [ALLOW_LOCAL]: allow, ...others } = changes
      await db
        .updateTable('instance_settings')
        .set({
          settings: sql`settings || ${JSON.stringify(others)}::jsonb`,
          ...(typeof allow === 'boolean' ? { [ALLOW_LOCAL]: allow } : {}),
          updated_at: sql`now()`,
        })
        .where('id', '=', 1)
        .execute()
    },
  }
}
