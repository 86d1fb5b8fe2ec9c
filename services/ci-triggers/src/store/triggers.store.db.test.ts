import { createDatabase, createSecretBox, migrateToLatest } from '@suite/runtime'
import { sql, type Kysely } from 'kysely'
import { migrations } from '../migrations/index.js'
import type { Database } from './schema.js'
import { TriggersStore } from './triggers.store.js'

// A real PostgreSQL (127.0.0.1:5432 unless TEST_DATABASE_URL says otherwise),
// in a throwaway schema dropped afterwards.
const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const schema = `ci_triggers_tokens_test_${process.pid}_${Date.now()}`
const TOKEN = `glptt-${'c'.repeat(40)}`

let db: Kysely<Database>
let store: TriggersStore

beforeAll(async () => {
  db = createDatabase<Database>({ url, schema, maxConnections: 4 })
  await migrateToLatest(db as Kysely<unknown>, schema, migrations)
  store = new TriggersStore(db, createSecretBox(Buffer.alloc(32, 9)))
})

afterAll(async () => {
  await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db)
  await db.destroy()
})

describe('TriggersStore on PostgreSQL', () => {
  it('keeps the token sealed, finds it by digest and opens it on the way out', async () => {
    const created = await store.create({
      projectId: 5,
      ownerId: 1,
      description: 'deploy',
      token: TOKEN,
      expiresAt: null,
    })
    expect(created).toMatchObject({ projectId: 5, ownerId: 1, token: TOKEN, lastUsed: null })
    const rows = await sql<{ row: string }>`select t::text as row from ci_triggers t`.execute(db)
    expect(rows.rows.map((r) => r.row).join('\n')).not.toContain(TOKEN.slice(6))
    expect((await store.findByToken(TOKEN))?.id).toBe(created.id)
    expect(await store.findByToken(`glptt-${'d'.repeat(40)}`)).toBeUndefined()
  })

  it('lists, updates, marks used and deletes within the project', async () => {
    const { triggers, total } = await store.list(5, { limit: 20, offset: 0 })
    expect(total).toBe(1)
    const id = triggers[0]!.id
    expect(await store.find(6, id)).toBeUndefined()
    expect((await store.updateDescription(5, id, null))?.description).toBeNull()
    const at = new Date('2026-11-26T12:00:00.000Z')
    await store.markUsed(id, at)
    expect((await store.find(5, id))?.lastUsed).toEqual(at)
    expect(await store.delete(6, id)).toBe(false)
    expect(await store.delete(5, id)).toBe(true)
    expect(await store.find(5, id)).toBeUndefined()
  })
})
