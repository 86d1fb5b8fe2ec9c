import { sql, type Kysely } from 'kysely'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

/**
 * Alerts (GitLab's alert_management_alerts), their per-project iid counter
 * and the history of occurrences.
 *
 * Grouping is decided by the database: at most one unresolved alert per
 * project and fingerprint (GitLab's uniqueness `conditions: not_resolved`),
 * so concurrent identical notifications upsert into one row.
 *
 * alert_events is both the history and the outbox: a row is written in the
 * transaction that created, grouped into or resolved an alert, relayed to
 * the queue (relayed_at) and marked done by the worker (processed_at).
 */
export async function up(db: AnyDB): Promise<void> {
  await db.schema
    .createTable('internal_ids')
    .addColumn('usage', 'text', (col) => col.notNull())
    .addColumn('project_id', 'bigint', (col) => col.notNull())
    .addColumn('last_value', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('internal_ids_pkey', ['usage', 'project_id'])
    .execute()

  await db.schema
    .createTable('alert_management_alerts')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('project_id', 'bigint', (col) => col.notNull())
    .addColumn('iid', 'integer', (col) => col.notNull())
    .addColumn('integration_id', 'bigint', (col) =>
      col.references('alert_management_http_integrations.id').onDelete('set null'),
    )
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text')
    .addColumn('severity', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col.notNull().check(sql`status in ('triggered', 'acknowledged', 'resolved', 'ignored')`),
    )
    .addColumn('started_at', 'timestamptz', (col) => col.notNull())
    .addColumn('ended_at', 'timestamptz')
    .addColumn('event_count', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('fingerprint', 'text')
    .addColumn('monitoring_tool', 'text')
    .addColumn('service', 'text')
    .addColumn('hosts', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('environment', 'text')
    .addColumn('runbook', 'text')
    .addColumn('payload', 'jsonb', (col) => col.notNull())
    .addColumn('assignee_ids', sql`bigint[]`, (col) => col.notNull().defaultTo(sql`'{}'::bigint[]`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('alert_management_alerts_project_id_iid_key', ['project_id', 'iid'])
    .execute()
  await db.schema
    .createIndex('alert_management_alerts_unresolved_fingerprint_idx')
    .on('alert_management_alerts')
    .columns(['project_id', 'fingerprint'])
    .unique()
    .where(sql<boolean>`status <> 'resolved' and fingerprint is not null`)
    .execute()

  await db.schema
    .createTable('alert_events')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('alert_id', 'bigint', (col) =>
      col.notNull().references('alert_management_alerts.id').onDelete('cascade'),
    )
    .addColumn('project_id', 'bigint', (col) => col.notNull())
    .addColumn('kind', 'text', (col) =>
      col.notNull().check(sql`kind in ('created', 'grouped', 'resolved')`),
    )
    .addColumn('integration_type', 'text', (col) => col.notNull())
    // SHA-256 of the payload as received: which occurrence this was, without a copy of it.
    .addColumn('payload_digest', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('relayed_at', 'timestamptz')
    .addColumn('processed_at', 'timestamptz')
    .execute()
  await db.schema
    .createIndex('alert_events_unrelayed_idx')
    .on('alert_events')
    .column('id')
    .where(sql<boolean>`relayed_at is null`)
    .execute()
  await db.schema
    .createIndex('alert_events_alert_id_idx')
    .on('alert_events')
    .column('alert_id')
    .execute()
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.dropTable('alert_events').execute()
  await db.schema.dropTable('alert_management_alerts').execute()
  await db.schema.dropTable('internal_ids').execute()
}
