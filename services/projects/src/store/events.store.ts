import type { Kysely, Transaction } from 'kysely'
import type { EventRecord } from '@suite/proto'
import { toEventRow, toPushPayloadRow } from './event-rows.js'
import type { Database } from './schema.js'

/**
 * Stores one activity event (and its push payload) unless an event with the
 * same idempotency key exists. Pass the caller's transaction so that a change
 * and its event commit together; given a plain Kysely it opens its own, so an
 * event is never stored without its payload. Returns the new event's id, or
 * undefined when the key was already recorded.
 */
export async function recordEvent(
  db: Kysely<Database> | Transaction<Database>,
  record: EventRecord,
): Promise<number | undefined> {
  if (db.isTransaction) return insertEvent(db, record)
  return db.transaction().execute((trx) => insertEvent(trx, record))
}

async function insertEvent(db: Kysely<Database>, record: EventRecord): Promise<number | undefined> {
  const inserted = await db
    .insertInto('events')
    .values(toEventRow(record))
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst()
  if (!inserted) return undefined
  const payload = toPushPayloadRow(record)
  if (payload) {
    await db
      .insertInto('push_event_payloads')
      .values({ ...payload, event_id: inserted.id })
      .execute()
  }
  return inserted.id
}
