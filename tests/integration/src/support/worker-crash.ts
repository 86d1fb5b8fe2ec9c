import pg from 'pg'
import { eventually } from './api'
import { schemaDatabaseUrl, type SuiteDatabases } from './database'
import type { PrivateSuite } from './private-suite'

/**
 * Share locks on tables of the suite's databases, held in one open
 * transaction per database: a worker that writes to one of them stops there,
 * in the middle of its job, until `release`.
 */
export interface TableLocks {
  /** True once some session waits on a lock with `tablePattern` in its query (ILIKE). */
  waitForWaiter(tablePattern: string, timeoutMs?: number): Promise<boolean>
  release(): Promise<void>
}

export async function holdTableLocks(
  databases: SuiteDatabases,
  tables: readonly string[],
): Promise<TableLocks> {
  const clients = new Map<string, pg.Client>()
  for (const table of tables) {
    if (!/^[a-z_]+\.[a-z_]+$/.test(table)) throw new Error(`not a table name: ${table}`)
    const url = schemaDatabaseUrl(databases, table.split('.')[0] as string)
    let client = clients.get(url)
    if (!client) {
      client = new pg.Client({ connectionString: url })
      clients.set(url, client)
      await client.connect()
      await client.query('begin')
    }
    await client.query(`lock table ${table} in share mode`)
  }
  // pg_stat_activity shows the sessions of every database of the server.
  const observer = [...clients.values()][0]
  if (!observer) throw new Error('no table to lock')
  let released = false
  return {
    waitForWaiter: (tablePattern, timeoutMs = 60_000) =>
      eventually(
        async () => {
          // Inside a transaction pg_stat_activity is read once and kept: read it afresh.
          await observer.query('select pg_stat_clear_snapshot()')
          const { rows } = await observer.query<{ n: string }>(
            `select count(*) as n from pg_stat_activity
              where wait_event_type = 'Lock' and query ilike $1`,
            [`%${tablePattern}%`],
          )
          return Number(rows[0]?.n) > 0
        },
        timeoutMs,
        100,
      ),
    release: async () => {
      if (released) return
      released = true
      for (const client of clients.values()) {
        await client.query('rollback')
        await client.end()
      }
    },
  }
}

/**
 * SIGKILLs one role of a private suite (the launcher starts it again) and
 * answers its pid, to compare with the one that replaces it.
 */
export function killRole(suite: PrivateSuite, role: string): number {
  const pid = suite.pidOf(role)
  if (pid === undefined) throw new Error(`no ${role} running`)
  process.kill(pid, 'SIGKILL')
  return pid
}

/**
 * Polls `read` every second until `done` says its value is final or
 * `timeoutMs` passes; answers the last value read, so that a failing
 * expectation shows where the cleanup stood.
 */
export async function pollUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  let value = await read()
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    value = await read()
  }
  return value
}
