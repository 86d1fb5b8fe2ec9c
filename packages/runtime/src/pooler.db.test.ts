import { sql, type Kysely } from 'kysely'
import { checkPooledSchema, createDatabase } from './db.js'

// DATABASE_POOLER=transaction: a connection keeps no session state of ours
// (no SET, no named prepared statement), and the schema must come from the
// pooler's database entry, which checkPooledSchema verifies at start.
const url = process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres'

async function namedStatements(db: Kysely<unknown>): Promise<number> {
  // One connection (max 1): the query runs where the prepared statements would be.
  await sql`select ${1}::int as one`.execute(db)
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from pg_prepared_statements where name like 'q\\_%'`.execute(db)
  return rows[0]?.n ?? -1
}

describe('createDatabase behind a transaction pooler', () => {
  it('sets nothing and names no statement; checkPooledSchema refuses a connection in another schema', async () => {
    const db = createDatabase<unknown>({
      url,
      schema: 'identity',
      maxConnections: 1,
      statementTimeoutMs: 1234,
      pooler: 'transaction',
    })
    try {
      const { rows } = await sql<{ timeout: string }>`
        select current_setting('statement_timeout') as timeout`.execute(db)
      expect(rows[0]?.timeout).not.toBe('1234ms')
      await expect(namedStatements(db)).resolves.toBe(0)
      await expect(checkPooledSchema(db, 'identity')).rejects.toThrow(
        /DATABASE_POOLER=transaction: .*connect_query is 'SET search_path TO identity'/,
      )
    } finally {
      await db.destroy()
    }
  })

  it('in session mode sets search_path and names statements, and checkPooledSchema accepts it', async () => {
    const db = createDatabase<unknown>({ url, schema: 'identity', maxConnections: 1 })
    try {
      await expect(checkPooledSchema(db, 'identity')).resolves.toEqual({ statementTimeout: '0' })
      await expect(namedStatements(db)).resolves.toBeGreaterThan(0)
    } finally {
      await db.destroy()
    }
  })
})
