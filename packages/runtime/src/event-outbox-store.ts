import type { Kysely } from 'kysely'
import { EventRecord } from '@suite/proto'
import {
  insertOutboxMessage,
  outboxRowsOf,
  outboxTransactionsOf,
  type OutboxCodec,
  type OutboxRowsOf,
  type OutboxTransactionsOf,
  type PendingRow,
} from './outbox-store.js'

/** An activity event waiting in the outbox for the `projects.events` queue. */
export type PendingEvent = PendingRow<EventRecord>

/** What the relay does to the event outbox rows inside one transaction. */
export type OutboxRows = OutboxRowsOf<EventRecord>

/** Runs the relay's work on the event outbox in one transaction. */
export type OutboxTransactions = OutboxTransactionsOf<EventRecord>

/** Activity events in a table shaped like every service's `event_outbox`. */
export function eventOutboxCodec(table = 'event_outbox'): OutboxCodec<EventRecord> {
  return {
    table,
    toJSON: (event) => EventRecord.toJSON(event),
    fromJSON: (payload) => EventRecord.fromJSON(payload),
    keyOf: (event) => event.idempotencyKey,
  }
}

/**
 * The relay's queries on a table shaped like every service's `event_outbox`
 * (id, payload, idempotency_key, attempts), on `db` or a transaction of it.
 */
export function eventOutboxRows<DB>(db: Kysely<DB>, table = 'event_outbox'): OutboxRows {
  return outboxRowsOf(db, eventOutboxCodec(table))
}

/**
 * Writes an activity event to the outbox, in the caller's transaction when
 * `db` is one; the same idempotency key twice records it once.
 */
export async function insertOutboxEvent<DB>(
  db: Kysely<DB>,
  event: EventRecord,
  table = 'event_outbox',
): Promise<void> {
  await insertOutboxMessage(db, eventOutboxCodec(table), event)
}

/**
 * The outbox of a service whose schema has an outbox table (`event_outbox`
 * unless named): id, payload (EventRecord.toJSON), idempotency_key, attempts.
 */
export function outboxTransactions<DB>(db: Kysely<DB>, table = 'event_outbox'): OutboxTransactions {
  return outboxTransactionsOf(db, eventOutboxCodec(table))
}
