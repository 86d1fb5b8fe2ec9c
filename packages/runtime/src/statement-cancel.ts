import pg from 'pg'
import { DATA_STATEMENT } from './prepared-statements.js'
import { currentRequestSignal } from './request-context.js'

/** SQLSTATE query_canceled: a statement cancelled by request or by statement_timeout. */
export const QUERY_CANCELED = '57014'

/** What Kysely's PostgresDialect asks of a pool. */
export interface DialectPool {
  connect(): Promise<pg.PoolClient>
  end(): Promise<void>
}

type Query = (...args: unknown[]) => unknown

/** The parts of a pg client and connection a cancel request needs (not in @types/pg). */
interface BackendKey {
  processID: number | null
  secretKey: number | null
}
interface CancelConnection {
  on(event: 'connect' | 'error', listener: () => void): void
  connect(port: number | string, host?: string): void
  cancel(processID: number, secretKey: number): void
  end(): void
}

/** The error a statement of an already cancelled request gets, as PostgreSQL words it. */
function cancelledError(): Error {
  return Object.assign(new Error('canceling statement due to user request'), {
    code: QUERY_CANCELED,
  })
}

/**
 * Sends PostgreSQL's cancel request for the statement `client` is running,
 * on a connection of its own (as psql does on Ctrl-C): unlike
 * pg_cancel_backend it needs no free pooled connection and goes through
 * PgBouncer to the right server. A cancel that cannot be delivered is
 * dropped; statement_timeout still ends the statement.
 */
function sendCancel(config: pg.ClientConfig, client: pg.PoolClient): void {
  const { processID, secretKey } = client as unknown as BackendKey
  if (processID === null || secretKey === null) return
  const target = new pg.Client(config)
  const connection = target.connection as unknown as CancelConnection
  connection.on('error', () => {})
  connection.on('connect', () => {
    connection.cancel(processID, secretKey)
    connection.end()
  })
  if (target.host.startsWith('/')) connection.connect(`${target.host}/.s.PGSQL.${target.port}`)
  else connection.connect(target.port, target.host)
}

/**
 * Makes the data statements of a pool's connections end with the request
 * that runs them: once the request's signal (request-context.ts) aborts, the
 * statement running is cancelled and later ones fail at once with
 * query_canceled. Transaction control (BEGIN, COMMIT, ROLLBACK) still runs,
 * so a transaction is rolled back as usual. A connection whose statement was
 * cancelled is closed when released, not lent again: a cancel request still
 * on its way must not land on the next borrower's statement.
 */
export function cancellablePool(pool: pg.Pool, config: pg.ClientConfig): DialectPool {
  const cancelled = new WeakSet<pg.PoolClient>()
  const wrapped = new WeakSet<pg.PoolClient>()

  function wrapQuery(client: pg.PoolClient): void {
    const target = client as unknown as { query: Query }
    const query = target.query.bind(client)
    target.query = (...args: unknown[]) => {
      const signal = currentRequestSignal()
      if (!signal || !(typeof args[0] === 'string' && DATA_STATEMENT.test(args[0]))) {
        return query(...args)
      }
      if (signal.aborted) return Promise.reject(cancelledError())
      const result = query(...args)
      if (!(result instanceof Promise)) return result
      const onAbort = (): void => {
        cancelled.add(client)
        sendCancel(config, client)
      }
      signal.addEventListener('abort', onAbort, { once: true })
      return result.finally(() => signal.removeEventListener('abort', onAbort))
    }
  }

  return {
    async connect() {
      const client = await pool.connect()
      if (!wrapped.has(client)) {
        wrapped.add(client)
        wrapQuery(client)
      }
      // pg-pool sets release on every checkout: wrapped anew each time.
      const release = client.release.bind(client)
      client.release = (error?: Error | boolean) => {
        if (cancelled.has(client)) return release(new Error('statement cancelled'))
        return release(error)
      }
      return client
    },
    end: () => pool.end(),
  }
}
