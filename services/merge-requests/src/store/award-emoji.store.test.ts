import { isUniqueViolation } from '@suite/runtime'
import {
  awardExists,
  deleteAwardEmoji,
  findAwardEmoji,
  insertAwardEmoji,
  listAwardEmoji,
} from './award-emoji.store.js'
import { createTestDatabase, type TestDatabase } from './test-database.js'
import { insertTestMergeRequest } from './test-merge-requests.js'

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

describe('award emoji store', () => {
  it('keeps upvotes and downvotes in step and touches the merge request', async () => {
    const row = await insertTestMergeRequest(test.db, {
      updated_at: new Date('2020-01-01T00:00:00Z'),
    })
    const up = await insertAwardEmoji(test.db, row.id, 1, 'thumbsup')
    await insertAwardEmoji(test.db, row.id, 1, 'thumbsdown')
    await insertAwardEmoji(test.db, row.id, 1, 'tada')
    expect(await counts(row.id)).toMatchObject({ upvotes: 1, downvotes: 1 })
    expect((await counts(row.id)).updated_at.getTime()).toBeGreaterThan(row.updated_at.getTime())
    await deleteAwardEmoji(test.db, up)
    await deleteAwardEmoji(test.db, up) // already gone: the count stays
    expect(await counts(row.id)).toMatchObject({ upvotes: 0, downvotes: 1 })
    expect(await findAwardEmoji(test.db, row.id, up.id)).toBeUndefined()
  })

  it('refuses a duplicate with unique_violation and leaves the count alone', async () => {
    const row = await insertTestMergeRequest(test.db)
    await insertAwardEmoji(test.db, row.id, 2, 'thumbsup')
    expect(await awardExists(test.db, row.id, 2, 'thumbsup')).toBe(true)
    const error = await insertAwardEmoji(test.db, row.id, 2, 'thumbsup').catch((e: unknown) => e)
    expect(isUniqueViolation(error)).toBe(true)
    expect(await counts(row.id)).toMatchObject({ upvotes: 1 })
  })

  it('pages by id and counts all', async () => {
    const row = await insertTestMergeRequest(test.db)
    for (const name of ['a', 'b', 'c']) await insertAwardEmoji(test.db, row.id, 3, name)
    const page = await listAwardEmoji(test.db, row.id, { limit: 2, offset: 0 })
    expect(page.rows.map((r) => r.name)).toEqual(['a', 'b'])
    expect(page.total).toBe(3)
  })
})
