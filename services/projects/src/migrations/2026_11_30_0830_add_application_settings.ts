import { sql, type Kysely } from 'kysely'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

/**
 * The instance's other settings (GitLab's ApplicationSetting), kept as the
 * values administrators set over GitLab's defaults, and the row's age.
 */
export async function up(db: AnyDB): Promise<void> {
  await db.schema
    .alterTable('instance_settings')
    .addColumn('settings', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute()
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema
    .alterTable('instance_settings')
    .dropColumn('settings')
    .dropColumn('created_at')
    .execute()
}
