import {
  Kysely,
  Migrator,
  PostgresDialect,
  sql,
  type Migration,
  type MigrationResult,
} from 'kysely'
import { readFileSync } from 'node:fs'
import pg from 'pg'
import { Gauge, type Registry } from 'prom-client'
import { prepareStatements } from './prepared-statements.js'
import { cancellablePool } from './statement-cancel.js'

// Bigint columns (ids, counts) come back as JS numbers; ids stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value))
// Dates stay as 'YYYY-MM-DD' strings, as the API prints them.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value)

export interface DatabaseOptions {
  url: string
  /** The service's own schema; every connection's search_path is set to it. */
  schema: string
  maxConnections?: number
  /**
   * A CA bundle (PEM file) that the server's certificate must chain to: TLS is
   * then required and verified. Without it, the URL's sslmode decides.
   */
  sslCaFile?: string
  /** Where the pool's gauges go (connections total, idle, waiting). */
  registry?: Registry
  /**
   * statement_timeout of every connection, in ms (0: none). A statement that
   * runs longer fails with query_canceled, answered UNAVAILABLE.
   */
  statementTimeoutMs?: number
  /**
   * 'transaction' when `url` is a pooler in transaction mode (PgBouncer
   * pool_mode=transaction): consecutive statements may run on different
   * server connections, so nothing is left as session state. No SET is sent
   * (the pooler's database entry sets search_path and statement_timeout with
   * its connect_query; checkPooledSchema verifies it) and statements go
   * unnamed (PgBouncer before 1.21 cannot carry named prepared statements).
   */
  pooler?: DatabasePooler
}

export type DatabasePooler = 'session' | 'transaction'

const SCHEMA_NAME = /^[a-z_][a-z0-9_]*$/

/** The pool's connections by state, read when Prometheus scrapes. */
function poolGauges(pool: pg.Pool, registry: Registry): void {
  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections: total open, idle, and requests waiting for one.',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      this.set({ state: 'total' }, pool.totalCount)
      this.set({ state: 'idle' }, pool.idleCount)
      this.set({ state: 'waiting' }, pool.waitingCount)
    },
  })
}

/**
 * A Kysely instance bound to one service's schema. The schema and the
 * statement timeout are set with SET as each connection opens, not as
 * startup options, which PgBouncer refuses by default
 * (ignore_startup_parameters); the SET is queued before any query the
 * connection is lent for. Statements end with the request that runs them
 * (statement-cancel.ts). Behind a pooler in transaction mode (options.pooler)
 * nothing is SET and nothing named: see checkPooledSchema.
 */
export function createDatabase<DB>(options: DatabaseOptions): Kysely<DB> {
  if (!SCHEMA_NAME.test(options.schema)) throw new Error(`bad schema name ${options.schema}`)
  const timeoutMs = options.statementTimeoutMs ?? 0
  if (!Number.isSafeInteger(timeoutMs) || timeoutMs < 0) {
    throw new Error(`bad statement timeout ${timeoutMs}`)
  }
  const config: pg.PoolConfig = {
    connectionString: options.url,
    max: options.maxConnections ?? 10,
    ...(options.sslCaFile
      ? { ssl: { ca: readFileSync(options.sslCaFile, 'utf8'), rejectUnauthorized: true } }
      : {}),
  }
  const pool = new pg.Pool(config)
  if (options.pooler !== 'transaction')
    pool.on('connect', (client) => {
      // A failed SET leaves a connection in the wrong schema: it is dropped, not lent out.
      client
        .query(`SET search_path TO ${options.schema}; SET statement_timeout = ${timeoutMs}`)
        .catch((error: unknown) => {
          client.emit('error', error)
        })
      prepareStatements(client)
    })
  if (options.registry) poolGauges(pool, options.registry)
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool: cancellablePool(pool, config) }) })
}

/**
 * Behind a pooler in transaction mode the schema is the pooler's to choose
 * (one database entry per service whose connect_query sets search_path):
 * a process whose pooled connections land elsewhere would read and write
 * another service's tables, so it stops at start with a line saying what to
 * configure. statement_timeout is reported for the log, not enforced.
 */
export async function checkPooledSchema(
  db: Kysely<unknown>,
  schema: string,
): Promise<{ statementTimeout: string }> {
  const { rows } = await sql<{ search_path: string; statement_timeout: string }>`
    select current_setting('search_path') as search_path,
           current_setting('statement_timeout') as statement_timeout`.execute(db)
  const row = rows[0]
  const path = (row?.search_path ?? '').split(',')[0]?.trim().replace(/^"|"$/g, '')
  if (path !== schema) {
    throw new Error(
      `DATABASE_POOLER=transaction: the pooler's connections have search_path ` +
        `"${row?.search_path ?? ''}", not ${schema}; give this service a database entry ` +
        `of its own whose connect_query is 'SET search_path TO ${schema}' (docs/operations.md)`,
    )
  }
  return { statementTimeout: row?.statement_timeout ?? '' }
}

/**
 * Kysely's migrator lists the tables of every schema to find its own; a
 * schema dropped by someone else at that moment (another test file's, a
 * tenant's) fails the listing with `schema "..." does not exist` or
 * `relation "..." does not exist` naming an object that is not ours, or with
 * `column "..." of relation "..." does not exist` from the listing's
 * pg_get_serial_sequence, whose relation is unqualified: that one is always
 * tried again (a real failure of ours fails again the same way).
 */
export function droppedElsewhere(error: unknown, ours: string): boolean {
  const message = error instanceof Error ? error.message : ''
  if (/^column "[^"]+" of relation "[^"]+" does not exist$/.test(message)) return true
  const name = /^(?:schema|relation) "([^"]+)" does not exist$/.exec(message)?.[1]
  return name !== undefined && name !== ours && !name.startsWith(`${ours}.`)
}

/**
 * `create schema if not exists` under a transaction-scoped advisory lock:
 * without it two migrations starting at once on a fresh database both find
 * no schema and one fails with `duplicate key value violates unique
 * constraint "pg_namespace_nspname_index"` (once-only-work.test.ts runs two).
 */
async function createSchemaOnce(db: Kysely<unknown>, schema: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`create-schema:${schema}`}))`.execute(trx)
    await sql`create schema if not exists ${sql.id(schema)}`.execute(trx)
  })
}

/**
 * Creates the schema if needed and runs the service's migrations in it with
 * Kysely's migrator (which takes a lock, so concurrent starts are safe),
 * trying again when another schema vanished under its table listing.
 */
export async function migrateToLatest(
  db: Kysely<unknown>,
  schema: string,
  migrations: Record<string, Migration>,
): Promise<MigrationResult[]> {
  await createSchemaOnce(db, schema)
  const migrator = new Migrator({
    db,
    migrationTableSchema: schema,
    provider: { getMigrations: () => Promise.resolve(migrations) },
  })
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest()
    if (!error) return results ?? []
    if (attempt < 5 && droppedElsewhere(error, schema)) {
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt))
      continue
    }
    throw error instanceof Error ? error : new Error('migration failed')
  }
}

/** PostgreSQL's unique_violation, for turning races into 409s. */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown }).code === '23505'
}

export interface DatabasePing {
  /** Runs `select 1`; false when it fails or takes longer than the timeout. */
  ping: () => Promise<boolean>
  close: () => Promise<void>
}

/** A one-connection pool for readiness checks of a process that has no schema of its own. */
export function createDatabasePing(url: string, timeoutMs = 1_000): DatabasePing {
  const pool = new pg.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: timeoutMs })
  // An idle connection that drops is reported by the next ping, not as a process error.
  pool.on('error', () => {})
  return {
    ping: async () => {
      let timer: NodeJS.Timeout | undefined
      const timeout = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs)
      })
      const query = pool.query('select 1').then(
        () => true,
        () => false,
      )
      const ok = await Promise.race([query, timeout])
      clearTimeout(timer)
      return ok
    },
    close: () => pool.end(),
  }
}
