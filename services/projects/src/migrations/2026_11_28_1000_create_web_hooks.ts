import { sql, type Kysely } from 'kysely'
import { createOutboxTableV1 } from '@suite/runtime'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

/**
 * Project webhooks (GitLab's ProjectHook): the hook with its url and token
 * encrypted (the url may carry credentials; both must be sent again), the
 * flags of the events it wants, its failure state for auto-disabling; the log
 * of its deliveries; the events waiting for the `projects.hook-events` queue;
 * and the instance setting that lets hooks reach local addresses.
 */
export async function up(db: AnyDB): Promise<void> {
  await db.schema
    .createTable('web_hooks')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('project_id', 'bigint', (col) =>
      col.notNull().references('projects.id').onDelete('cascade'),
    )
    .addColumn('url_ciphertext', 'text', (col) => col.notNull())
    .addColumn('token_ciphertext', 'text')
    .addColumn('name', 'text')
    .addColumn('description', 'text')
    // GitLab's *_events flags by name: push_events, merge_requests_events, ...
    .addColumn('events', 'jsonb', (col) => col.notNull())
    .addColumn('enable_ssl_verification', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('push_events_branch_filter', 'text')
    // wildcard, regex, all_branches
    .addColumn('branch_filter_strategy', 'text', (col) => col.notNull().defaultTo('wildcard'))
    .addColumn('recent_failures', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('disabled_until', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('web_hooks_project_id_idx')
    .on('web_hooks')
    .columns(['project_id', 'id'])
    .execute()

  await db.schema
    .createTable('web_hook_logs')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('web_hook_id', 'bigint', (col) =>
      col.notNull().references('web_hooks.id').onDelete('cascade'),
    )
    .addColumn('trigger', 'text', (col) => col.notNull())
    // The url with its credentials masked.
    .addColumn('url', 'text', (col) => col.notNull())
    // json, not jsonb: kept as sent, keys in their order.
    .addColumn('request_headers', 'json', (col) => col.notNull())
    .addColumn('request_data', 'json', (col) => col.notNull())
    .addColumn('response_headers', 'json', (col) => col.notNull())
    .addColumn('response_body', 'text', (col) => col.notNull())
    // An HTTP status, or "internal error" when no response came.
    .addColumn('response_status', 'text', (col) => col.notNull())
    .addColumn('execution_duration', 'double precision', (col) => col.notNull())
    .addColumn('internal_error_message', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('web_hook_logs_hook_id_idx')
    .on('web_hook_logs')
    .columns(['web_hook_id', 'id'])
    .execute()
  await db.schema
    .createIndex('web_hook_logs_created_at_idx')
    .on('web_hook_logs')
    .column('created_at')
    .execute()

  // payload: a HookEvent, its payload as JSON text (push and tag push events of the repository role)
  await createOutboxTableV1(db, 'hook_event_outbox')

  await db.schema
    .createTable('instance_settings')
    .addColumn('id', 'integer', (col) => col.primaryKey().check(sql`id = 1`))
    .addColumn('allow_local_requests_from_web_hooks_and_services', 'boolean', (col) =>
      col.notNull().defaultTo(false),
    )
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute()
  await db.insertInto('instance_settings').values({ id: 1 }).execute()
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.dropTable('instance_settings').execute()
  await db.schema.dropTable('hook_event_outbox').execute()
  await db.schema.dropTable('web_hook_logs').execute()
  await db.schema.dropTable('web_hooks').execute()
}
