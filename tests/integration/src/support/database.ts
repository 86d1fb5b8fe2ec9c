import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import pg from 'pg'

export const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres'

/** The admin server tests create databases on: TEST_DATABASE_ADMIN_URL, else the local one. */
export function adminDatabaseUrl(): string {
  return process.env.TEST_DATABASE_ADMIN_URL ?? DEFAULT_ADMIN_URL
}

/**
 * Why no database can be created on the admin server, or undefined when one
 * can; synchronous (a child process asks), for describeUnless.
 */
export function adminDatabaseUnavailable(): string | undefined {
  const probe = spawnSync(
    process.execPath,
    [
      '-e',
      `const c = new (require('pg').Client)({ connectionString: process.argv[1], connectionTimeoutMillis: 3000 });
       c.connect().then(() => c.query('select 1')).then(() => process.exit(0), () => process.exit(1))`,
      adminDatabaseUrl(),
    ],
    { cwd: __dirname, timeout: 10_000 },
  )
  return probe.status === 0 ? undefined : `no PostgreSQL answers at ${adminDatabaseUrl()}`
}

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

/**
 * Where each schema of a suite lives: one URL for all of them (one database),
 * or a URL per schema, every schema named, when services have databases of
 * their own (<SERVICE>_DATABASE_URL).
 */
export type SuiteDatabases = string | Readonly<Record<string, string>>

/** The database holding `schema`. */
export function schemaDatabaseUrl(databases: SuiteDatabases, schema: string): string {
  if (typeof databases === 'string') return databases
  const url = databases[schema]
  if (!url) throw new Error(`no database given for schema ${schema}`)
  return url
}

/**
 * `schemas` by the database holding them, so that each database is read
 * through a connection of its own and no query spans two of them.
 */
export function schemasByDatabase(
  databases: SuiteDatabases,
  schemas: readonly string[],
): Map<string, string[]> {
  const grouped = new Map<string, string[]>()
  for (const schema of schemas) {
    const url = schemaDatabaseUrl(databases, schema)
    grouped.set(url, [...(grouped.get(url) ?? []), schema])
  }
  return grouped
}
