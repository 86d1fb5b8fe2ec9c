import { randomBytes } from 'node:crypto'
import { sql, type Kysely, type Migration } from 'kysely'
import { createDatabase, migrateToLatest } from '../db.js'

/** A throwaway schema with a service's migrations applied, and what removes it. */
export interface TestSchema<DB> {
  db: Kysely<DB>
  /** Drops the schema and closes the pool. */
  drop: () => Promise<void>
}

/**
 * A new schema named `<prefix>_<time>_<random>` on the PostgreSQL that store
 * tests use (TEST_DATABASE_URL, else trust auth on the loopback), with
 * `migrations` applied, for tests against the real database.
 */
export async function createTestSchema<DB>(
  prefix: string,
  migrations: Record<string, Migration>,
): Promise<TestSchema<DB>> {
  const url = process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres'
  const schema = `${prefix}_${Date.now()}_${randomBytes(3).toString('hex')}`
  const db = createDatabase<DB>({ url, schema, maxConnections: 4 })
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
