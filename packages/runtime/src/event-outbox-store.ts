import { sql, type Kysely } from 'kysely'
import { EventRecord } from '@suite/proto'

/** An activity event waiting in the outbox for the `projects.events` queue. */
export interface PendingEvent {
  id: number
  event: EventRecord
  attempts: number
}

/** What the relay does to the outbox rows inside one transaction. */
export interface OutboxRows {
  /** The oldest pending events, locked until the transaction ends; rows another relay holds are skipped. */
  lockPending: (limit: number) => Promise<PendingEvent[]>
  delete: (ids: readonly number[]) => Promise<void>
  countAttempt: (ids: readonly number[]) => Promise<void>
}

/** Runs the relay's work on the outbox in one transaction. */
export interface OutboxTransactions {
  transaction<T>(fn: (tx: { outbox: OutboxRows }) => Promise<T>): Promise<T>
}

const TABLE_NAME = /^[a-z_][a-z0-9_]*$/

interface OutboxRow {
  id: number
  payload: unknown
  attempts: number
}

function checkedTable(table: string): string {
  if (!TABLE_NAME.test(table)) throw new Error(`bad outbox table name ${table}`)
  return table
}

/**
 * The relay's queries on a table shaped like every service's `event_outbox`
 * (id, payload, idempotency_key, attempts), on `db` or a transaction of it.
 */
export function eventOutboxRows<DB>(db: Kysely<DB>, table = 'event_outbox'): OutboxRows {
  const ref = sql.table(checkedTable(table))
  const untyped = db as unknown as Kysely<unknown>
  return {
    lockPending: async (limit) => {
      const { rows } = await sql<OutboxRow>`select id, payload, attempts from ${ref}
        order by id limit ${limit} for update skip locked`.execute(untyped)
      return rows.map((row) => ({
        id: Number(row.id),
        event: EventRecord.fromJSON(row.payload),
        attempts: row.attempts,
      }))
    },
    delete: async (ids) => {
      if (ids.length === 0) return
      await sql`delete from ${ref} where id = any(${[...ids]}::bigint[])`.execute(untyped)
    },
    countAttempt: async (ids) => {
      if (ids.length === 0) return
      await sql`update ${ref} set attempts = attempts + 1
        where id = any(${[...ids]}::bigint[])`.execute(untyped)
    },
  }
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
  const payload = JSON.stringify(EventRecord.toJSON(event))
  await sql`insert into ${sql.table(checkedTable(table))} (payload, idempotency_key)
    values (${payload}, ${event.idempotencyKey})
    on conflict (idempotency_key) do nothing`.execute(db)
}

/**
 * The outbox of a service whose schema has an outbox table (`event_outbox`
 * unless named): id, payload (EventRecord.toJSON), idempotency_key, attempts.
 */
export function outboxTransactions<DB>(db: Kysely<DB>, table = 'event_outbox'): OutboxTransactions {
  checkedTable(table)
  return {
    transaction: (fn) =>
      db.transaction().execute((trx) => fn({ outbox: eventOutboxRows(trx, table) })),
  }
}
