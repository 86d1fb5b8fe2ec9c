import type { Kysely, Transaction } from 'kysely'
import type { EventRecord } from '@suite/proto'
import {
  toEventRow,
  toPushPayloadRow,
  type NewEventRow,
  type NewPushPayloadRow,
} from './event-rows.js'
import { advanceLastActivity } from './project-activity.store.js'
import type { Database } from './schema.js'

/**
 * Stores one activity event (and its push payload) unless an event with the
 * same idempotency key exists. Pass the caller's transaction so that a change
 * and its event commit together; given a plain Kysely it opens its own, so an
 * event is never stored without its payload. Returns the new event's id, or
 * undefined when the key was already recorded or the project no longer exists.
 */
export async function recordEvent(
  db: Kysely<Database> | Transaction<Database>,
  record: EventRecord,
): Promise<number | undefined> {
  return storeEventRow(db, toEventRow(record), toPushPayloadRow(record))
}

/**
 * The one place an events row is written: the project's last_activity_at
 * moved forward to the event's time, the row and its push payload, all in one
 * transaction (the caller's when it is one).
 */
export async function storeEventRow(
  db: Kysely<Database> | Transaction<Database>,
  row: NewEventRow,
  payload: NewPushPayloadRow | undefined,
): Promise<number | undefined> {
  if (db.isTransaction) return insertEvent(db, row, payload)
  return db.transaction().execute((trx) => insertEvent(trx, row, payload))
}

async function insertEvent(
  db: Kysely<Database>,
  row: NewEventRow,
  payload: NewPushPayloadRow | undefined,
): Promise<number | undefined> {
  // First, so that the project's row stays locked until the event commits.
  const project = await advanceLastActivity(db, row.project_id, row.created_at).executeTakeFirst()
  // GitLab deletes a project's events with it: a late event of a project that
  // is gone (a 'left' from undoing a failed creation) is not stored.
  if (!project) return undefined
  const inserted = await db
    .insertInto('events')
    .values(row)
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst()
  if (!inserted) return undefined
  if (payload) {
    await db
      .insertInto('push_event_payloads')
      .values({ ...payload, event_id: inserted.id })
      .execute()
  }
  return inserted.id
}
