import { sql, type Kysely } from 'kysely'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

/**
 * Alert integrations (GitLab's alert_management_http_integrations): the http
 * endpoints of a project and its one prometheus endpoint. The authorization
 * key is kept only sealed (SecretBox): Maintainers see it again, and a
 * notification finds the integration by project and endpoint identifier
 * before the key is compared, so no digest column is needed.
 */
export async function up(db: AnyDB): Promise<void> {
  await db.schema
    .createTable('alert_management_http_integrations')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('project_id', 'bigint', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull().check(sql`type in ('http', 'prometheus')`))
    .addColumn('active', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('endpoint_identifier', 'text', (col) => col.notNull().unique())
    .addColumn('token_encrypted', 'text', (col) => col.notNull())
    .addColumn('payload_attribute_mappings', 'jsonb', (col) =>
      col.notNull().defaultTo(sql`'{}'::jsonb`),
    )
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('alert_management_http_integrations_project_id_id_idx')
    .on('alert_management_http_integrations')
    .columns(['project_id', 'id'])
    .execute()
  // At most one prometheus integration per project, whatever its state.
  await db.schema
    .createIndex('alert_management_http_integrations_one_prometheus_idx')
    .on('alert_management_http_integrations')
    .column('project_id')
    .unique()
    .where(sql.ref('type'), '=', 'prometheus')
    .execute()
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.dropTable('alert_management_http_integrations').execute()
}
