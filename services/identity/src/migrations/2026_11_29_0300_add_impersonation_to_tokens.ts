import { sql, type Kysely } from 'kysely'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

/**
 * Impersonation tokens are personal access tokens an admin made for the user
 * (GitLab's personal_access_tokens.impersonation); they are listed apart.
 */
export async function up(db: AnyDB): Promise<void> {
  await db.schema
    .alterTable('personal_access_tokens')
    .addColumn('impersonation', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute()
  await db.schema
    .createIndex('personal_access_tokens_impersonation_user_id_idx')
    .on('personal_access_tokens')
    .columns(['user_id', 'id'])
    .where(sql.ref('impersonation'), '=', true)
    .execute()
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.dropIndex('personal_access_tokens_impersonation_user_id_idx').execute()
  await db.schema.alterTable('personal_access_tokens').dropColumn('impersonation').execute()
}
