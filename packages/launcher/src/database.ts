import pg from 'pg'

/** The URL with its password masked, for messages. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password) parsed.password = '***'
    return parsed.toString()
  } catch {
    return '(unparsable URL)'
  }
}

/** Fails with one line naming `variable` when nothing usable answers at `url`. */
export async function checkDatabase(
  url: string,
  timeoutMs = 5_000,
  variable = 'DATABASE_URL',
): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs })
  client.on('error', () => {})
  try {
    await client.connect()
    await client.query('select 1')
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new Error(`${variable}: cannot use ${redactUrl(url)}: ${reason}`, { cause: error })
  } finally {
    await client.end().catch(() => {})
  }
}

/** PostgreSQL's invalid_catalog_name: the URL's database does not exist. */
const NO_SUCH_DATABASE = '3D000'

/**
 * A service's own database (<SERVICE>_DATABASE_URL): created on its server,
 * through the server's `postgres` database with the URL's credentials, when
 * it does not exist yet; then checked like DATABASE_URL.
 */
export async function prepareServiceDatabase(
  variable: string,
  url: string,
  timeoutMs = 5_000,
): Promise<boolean> {
  let created: boolean
  try {
    await checkDatabase(url, timeoutMs, variable)
    return false
  } catch (error) {
    if ((error as { cause?: { code?: unknown } }).cause?.code !== NO_SUCH_DATABASE) throw error
  }
  const target = new URL(url)
  const name = decodeURIComponent(target.pathname.slice(1))
  const maintenance = new URL(url)
  maintenance.pathname = '/postgres'
  const client = new pg.Client({
    connectionString: maintenance.toString(),
    connectionTimeoutMillis: timeoutMs,
  })
  client.on('error', () => {})
  try {
    await client.connect()
    created = await ensureDatabase(client, name)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new Error(`${variable}: cannot create the database of ${redactUrl(url)}: ${reason}`, {
      cause: error,
    })
  } finally {
    await client.end().catch(() => {})
  }
  await checkDatabase(url, timeoutMs, variable)
  return created
}

/** Creates the database on a server where `client` is connected, unless it exists. */
export async function ensureDatabase(client: pg.Client, name: string): Promise<boolean> {
  const existing = await client.query('select 1 from pg_database where datname = $1', [name])
  if (existing.rowCount) return false
  await client.query(`create database ${client.escapeIdentifier(name)}`)
  return true
}
