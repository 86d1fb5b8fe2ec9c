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

/** The relay's queries on a table shaped like every service's `event_outbox`. */
function outboxRows(db: Kysely<unknown>, table: string): OutboxRows {
  const ref = sql.table(table)
  return {
    lockPending: async (limit) => {
      const { rows } = await sql<OutboxRow>`select id, payload, attempts from ${ref}
        order by id limit ${limit} for update skip locked`.execute(db)
      return rows.map((row) => ({
        id: Number(row.id),
        event: EventRecord.fromJSON(row.payload),
        attempts: row.attempts,
      }))
    },
    delete: async (ids) => {
      if (ids.length === 0) return
      await sql`delete from ${ref} where id = any(${[...ids]}::bigint[])`.execute(db)
    },
    countAttempt: async (ids) => {
      if (ids.length === 0) return
      await sql`update ${ref} set attempts = attempts + 1
        where id = any(${[...ids]}::bigint[])`.execute(db)
    },
  }
}

/**
 * The outbox of a service whose schema has an outbox table (`event_outbox`
 * unless named): id, payload (EventRecord.toJSON), idempotency_key, attempts.
 */
export function outboxTransactions<DB>(db: Kysely<DB>, table = 'event_outbox'): OutboxTransactions {
  if (!TABLE_NAME.test(table)) throw new Error(`bad outbox table name ${table}`)
  const untyped = db as unknown as Kysely<unknown>
  return {
    transaction: (fn) =>
      untyped.transaction().execute((trx) => fn({ outbox: outboxRows(trx, table) })),
  }
}
