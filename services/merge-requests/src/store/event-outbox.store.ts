import type { Kysely } from 'kysely'
import { EventRecord } from '@suite/proto'
import type { Database } from './schema.js'

/**
 * Writes an activity event to the outbox (in the caller's transaction); the
 * same idempotency key twice records it once.
 */
export async function insertOutboxEvent(db: Kysely<Database>, event: EventRecord): Promise<void> {
  await db
    .insertInto('event_outbox')
    .values({
      payload: JSON.stringify(EventRecord.toJSON(event)),
      idempotency_key: event.idempotencyKey,
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .execute()
}
