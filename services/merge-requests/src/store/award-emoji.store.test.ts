import { isUniqueViolation } from '@suite/runtime'
import { createStores } from './stores.js'
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js'
import { insertTestMergeRequest } from '../testing/test-merge-requests.js'

let test: TestDatabase
beforeAll(async () => {
  test = await createTestDatabase()
})
afterAll(() => test.drop())

const counts = (id: number) =>
  test.db
    .selectFrom('merge_requests')
    .select(['upvotes', 'downvotes', 'updated_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()

const awards = () => createStores(test.db).awardEmoji

describe('award emoji store', () => {
  it('keeps upvotes and downvotes in step and touches the merge request', async () => {
    const row = await insertTestMergeRequest(test.db, {
      updated_at: new Date('2020-01-01T00:00:00Z'),
    })
    const up = await awards().insert(row.id, 1, 'thumbsup')
    await awards().insert(row.id, 1, 'thumbsdown')
    await awards().insert(row.id, 1, 'tada')
    expect(await counts(row.id)).toMatchObject({ upvotes: 1, downvotes: 1 })
    expect((await counts(row.id)).updated_at.getTime()).toBeGreaterThan(row.updatedAt.getTime())
    await awards().delete(up)
    await awards().delete(up) // already gone: the count stays
    expect(await counts(row.id)).toMatchObject({ upvotes: 0, downvotes: 1 })
    expect(await awards().find(row.id, up.id)).toBeUndefined()
  })

  it('refuses a duplicate with unique_violation and leaves the count alone', async () => {
    const row = await insertTestMergeRequest(test.db)
    await awards().insert(row.id, 2, 'thumbsup')
    expect(await awards().exists(row.id, 2, 'thumbsup')).toBe(true)
    const error = await awards()
      .insert(row.id, 2, 'thumbsup')
      .catch((e: unknown) => e)
    expect(isUniqueViolation(error)).toBe(true)
    expect(await counts(row.id)).toMatchObject({ upvotes: 1 })
  })

  it('pages by id and counts all', async () => {
    const row = await insertTestMergeRequest(test.db)
    for (const name of ['a', 'b', 'c']) await awards().insert(row.id, 3, name)
    const page = await awards().list(row.id, { limit: 2, offset: 0 })
    expect(page.awards.map((r) => r.name)).toEqual(['a', 'b'])
    expect(page.total).toBe(3)
  })
})
