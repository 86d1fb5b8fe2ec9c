import { sql, type Kysely } from 'kysely'
import { purgeInBatches } from './project-deletions.js'
import { createTestSchema, type TestSchema } from './testing/test-schema.js'
import { updateInBatches } from './user-deletions.js'

// A real PostgreSQL (see createTestSchema): batched deletes and updates stop
// at the batch size per statement and finish what a previous run left.
let database: TestSchema<unknown>

beforeAll(async () => {
  database = await createTestSchema<unknown>('purge_batches', {
    '0001': {
      up: async (db: Kysely<unknown>) => {
        await sql`create table rows (id bigint primary key, project_id bigint, user_id bigint)`.execute(
          db,
        )
      },
    },
  })
})

afterAll(async () => {
  await database.drop()
})

async function count(where: string): Promise<number> {
  const { rows } = await sql<{
    n: string
  }>`select count(*) as n from rows where ${sql.raw(where)}`.execute(database.db)
  return Number(rows[0]?.n)
}

beforeEach(async () => {
  await sql`truncate rows`.execute(database.db)
  await sql`insert into rows select g, case when g <= 1200 then 7 else 8 end, 5
    from generate_series(1, 1500) g`.execute(database.db)
})

describe('purgeInBatches', () => {
  it('removes every matching row, at most a batch per statement, and nothing else', async () => {
    const statements: string[] = []
    const logged = database.db.withPlugin({
      transformQuery: (args) => {
        statements.push(args.node.kind)
        return args.node
      },
      transformResult: (args) => Promise.resolve(args.result),
    })
    expect(await purgeInBatches(logged, 'rows', sql`project_id = ${7}`, 500)).toBe(1200)
    // 500 + 500 + 200: three statements, the last one short.
    expect(statements).toHaveLength(3)
    expect(await count('project_id = 7')).toBe(0)
    expect(await count('project_id = 8')).toBe(300)
    expect(await purgeInBatches(database.db, 'rows', sql`project_id = ${7}`, 500)).toBe(0)
  })

  it('refuses a table name that is not a plain identifier', async () => {
    await expect(purgeInBatches(database.db, 'rows; drop table rows', sql`true`)).rejects.toThrow(
      'bad table name',
    )
  })
})

describe('updateInBatches', () => {
  it('moves every matching row in batches until none matches', async () => {
    expect(
      await updateInBatches(database.db, 'rows', sql`user_id = 9`, sql`user_id = 5`, 400),
    ).toBe(1500)
    expect(await count('user_id = 5')).toBe(0)
    expect(await count('user_id = 9')).toBe(1500)
  })
})
