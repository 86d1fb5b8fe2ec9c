import type { Kysely } from 'kysely'
import { createOutboxTableV1 } from '@suite/runtime'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

/**
 * Webhook events of merge requests and their notes waiting for the
 * `projects.hook-events` queue, written in the change's transaction.
 */
export async function up(db: AnyDB): Promise<void> {
  // payload: runtime's HookEvent
  await createOutboxTableV1(db, 'hook_event_outbox')
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.dropTable('hook_event_outbox').execute()
}
