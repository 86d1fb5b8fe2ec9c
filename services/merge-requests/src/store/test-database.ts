import { randomBytes } from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import { createDatabase, migrateToLatest } from '@suite/runtime'
import { migrations } from '../migrations/index.js'
import type { Database } from './schema.js'

/** The PostgreSQL that store tests use (trust auth on the loopback). */
const TEST_DATABASE_URL =
  process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres'

export interface TestDatabase {
  db: Kysely<Database>
  /** Drops the schema and closes the pool. */
  drop: () => Promise<void>
}

/**
 * A throwaway schema with every merge-requests migration applied, for store
 * tests against the real PostgreSQL; `drop` removes it.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const schema = `mr_test_${Date.now()}_${randomBytes(3).toString('hex')}`
  const db = createDatabase<Database>({ url: TEST_DATABASE_URL, schema, maxConnections: 4 })
  const drop = async (): Promise<void> => {
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db)
    await db.destroy()
  }
  try {
    await migrateToLatest(db as unknown as Kysely<unknown>, schema, migrations)
    return { db, drop }
  } catch (error) {
    await drop()
    throw error
  }
}
