import { sql, type Kysely, type QueryExecutorProvider } from 'kysely'
import { splitRequestMeta, withRequestMeta } from './job-request-id.js'
import type { TraceCarrier } from './tracing.js'

/** A message waiting in an outbox table for its queue. */
export interface PendingRow<T> {
  id: number
  payload: T
  attempts: number
  /** The request that wrote the row, for the job it becomes (see job-request-id). */
  requestId?: string
  /** Its trace context, with tracing on. */
  trace?: TraceCarrier
}

/** What a relay does to an outbox's rows inside one transaction. */
export interface OutboxRowsOf<T> {
  /** The oldest pending rows, locked until the transaction ends; rows another relay holds are skipped. */
  lockPending: (limit: number) => Promise<PendingRow<T>[]>
  delete: (ids: readonly number[]) => Promise<void>
  countAttempt: (ids: readonly number[]) => Promise<void>
}

/** Runs a relay's work on an outbox in one transaction. */
export interface OutboxTransactionsOf<T> {
  transaction<R>(fn: (tx: { outbox: OutboxRowsOf<T> }) => Promise<R>): Promise<R>
}

/** How one kind of message is kept in its outbox table. */
export interface OutboxCodec<T> {
  /** The table (in the service's schema): id, payload jsonb, idempotency_key unique, attempts. */
  table: string
  toJSON: (message: T) => unknown
  fromJSON: (payload: unknown) => T
  /** The same key twice is stored once. */
  keyOf: (message: T) => string
}

const TABLE_NAME = /^[a-z_][a-z0-9_]*$/

interface OutboxRow {
  id: number
  payload: unknown
  attempts: number
}

function tableOf<T>(codec: OutboxCodec<T>) {
  if (!TABLE_NAME.test(codec.table)) throw new Error(`bad outbox table name ${codec.table}`)
  return sql.table(codec.table)
}

/** The relay's queries on an outbox table, on `db` or a transaction of it. */
export function outboxRowsOf<T>(db: QueryExecutorProvider, codec: OutboxCodec<T>): OutboxRowsOf<T> {
  const ref = tableOf(codec)
  return {
    lockPending: async (limit) => {
      const { rows } = await sql<OutboxRow>`select id, payload, attempts from ${ref}
        order by id limit ${limit} for update skip locked`.execute(db)
      return rows.map((row) => {
        const { payload, requestId, trace } = splitRequestMeta(row.payload)
        return {
          id: Number(row.id),
          payload: codec.fromJSON(payload),
          attempts: row.attempts,
          ...(requestId ? { requestId } : {}),
          ...(trace ? { trace } : {}),
        }
      })
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
 * Writes a message to its outbox, in the caller's transaction when `db` is
 * one; the same key twice records it once. The current request's id goes
 * into the payload beside the message: the relay runs outside any request.
 */
export async function insertOutboxMessage<T>(
  db: QueryExecutorProvider,
  codec: OutboxCodec<T>,
  message: T,
): Promise<void> {
  const payload = JSON.stringify(withRequestMeta(codec.toJSON(message)))
  await sql`insert into ${tableOf(codec)} (payload, idempotency_key)
    values (${payload}, ${codec.keyOf(message)})
    on conflict (idempotency_key) do nothing`.execute(db)
}

/** The outbox `codec.table` of a service's schema, for a relay. */
export function outboxTransactionsOf<DB, T>(
  db: Kysely<DB>,
  codec: OutboxCodec<T>,
): OutboxTransactionsOf<T> {
  tableOf(codec)
  return {
    transaction: (fn) =>
      db.transaction().execute((trx) => fn({ outbox: outboxRowsOf(trx, codec) })),
  }
}
