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

/** Fails with one line naming DATABASE_URL when nothing usable answers there. */
export async function checkDatabase(url: string, timeoutMs = 5_000): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs })
  client.on('error', () => {})
  try {
    await client.connect()
    await client.query('select 1')
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new Error(`DATABASE_URL: cannot use ${redactUrl(url)}: ${reason}`, { cause: error })
  } finally {
    await client.end().catch(() => {})
  }
}

/** Creates the database on a server where `client` is connected, unless it exists. */
export async function ensureDatabase(client: pg.Client, name: string): Promise<boolean> {
  const existing = await client.query('select 1 from pg_database where datname = $1', [name])
  if (existing.rowCount) return false
  await client.query(`create database ${client.escapeIdentifier(name)}`)
  return true
}
