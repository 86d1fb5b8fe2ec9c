import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { prepareServiceDatabase } from './database.js'

// A real PostgreSQL (127.0.0.1:5432 unless TEST_DATABASE_URL says otherwise).
const adminUrl = process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres'

function urlOf(name: string): string {
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return url.toString()
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

describe('prepareServiceDatabase', () => {
  const name = `launcher_test_${randomBytes(4).toString('hex')}`

  afterAll(() => admin((client) => client.query(`drop database if exists "${name}" with (force)`)))

  it('creates a missing database once, then finds it', async () => {
    expect(await prepareServiceDatabase('PROJECTS_DATABASE_URL', urlOf(name))).toBe(true)
    const found = await admin((client) =>
      client.query('select 1 from pg_database where datname = $1', [name]),
    )
    expect(found.rowCount).toBe(1)
    expect(await prepareServiceDatabase('PROJECTS_DATABASE_URL', urlOf(name))).toBe(false)
  })

  it('names the variable when the server does not answer', async () => {
    await expect(
      prepareServiceDatabase('IDENTITY_DATABASE_URL', 'postgres://postgres@127.0.0.1:1/x', 1_000),
    ).rejects.toThrow(/^IDENTITY_DATABASE_URL: cannot use postgres:\/\/postgres@127\.0\.0\.1:1\/x/)
  })
})
