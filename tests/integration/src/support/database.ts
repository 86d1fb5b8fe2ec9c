import { randomBytes } from 'node:crypto'
import pg from 'pg'

export const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres'

/** A database name no other run uses: suite_test_<timestamp>_<random>. */
export function freshDatabaseName(): string {
  return `suite_test_${Date.now()}_${randomBytes(4).toString('hex')}`
}

/**
 * The launcher's embedded PostgreSQL on `port` (packages/launcher/src/embedded-postgres.ts:
 * user and password postgres, database gitlab, loopback only). Tests import nothing from
 * the suite's code, so the three names are repeated here.
 */
export function embeddedDatabaseUrl(port: number): string {
  return `postgres://postgres:postgres@127.0.0.1:${port}/gitlab`
}

/** The admin URL with its database replaced by `name`. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return url.toString()
}

async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/** Creates the database; throws if the admin server does not answer. */
export async function createDatabase(adminUrl: string, name: string): Promise<void> {
  await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"`))
}

/** Drops the database, closing whatever sessions the suite left open. */
export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await withAdmin(adminUrl, (client) =>
    client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  )
}
