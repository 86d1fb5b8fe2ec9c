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

/** A merge request as an awardable. */
const onRequest = (id: number) => ({ type: 'MergeRequest' as const, id })

describe('award emoji store', () => {
  it('keeps upvotes and downvotes in step and touches the merge request', async () => {
    const row = await insertTestMergeRequest(test.db, {
      updated_at: new Date('2020-01-01T00:00:00Z'),
    })
    const up = await awards().insert(onRequest(row.id), 1, 'thumbsup')
    await awards().insert(onRequest(row.id), 1, 'thumbsdown')
    await awards().insert(onRequest(row.id), 1, 'tada')
    expect(await counts(row.id)).toMatchObject({ upvotes: 1, downvotes: 1 })
    expect((await counts(row.id)).updated_at.getTime()).toBeGreaterThan(row.updatedAt.getTime())
    await awards().delete(up)
    await awards().delete(up) // already gone: the count stays
    expect(await counts(row.id)).toMatchObject({ upvotes: 0, downvotes: 1 })
    expect(await awards().find(onRequest(row.id), up.id)).toBeUndefined()
  })

  it('refuses a duplicate with unique_violation and leaves the count alone', async () => {
    const row = await insertTestMergeRequest(test.db)
    await awards().insert(onRequest(row.id), 2, 'thumbsup')
    expect(await awards().exists(onRequest(row.id), 2, 'thumbsup')).toBe(true)
    const error = await awards()
      .insert(onRequest(row.id), 2, 'thumbsup')
      .catch((e: unknown) => e)
    expect(isUniqueViolation(error)).toBe(true)
    expect(await counts(row.id)).toMatchObject({ upvotes: 1 })
  })

  it('pages by id and counts all', async () => {
    const row = await insertTestMergeRequest(test.db)
    for (const name of ['a', 'b', 'c']) await awards().insert(onRequest(row.id), 3, name)
    const page = await awards().list(onRequest(row.id), { limit: 2, offset: 0 })
    expect(page.awards.map((r) => r.name)).toEqual(['a', 'b'])
    expect(page.total).toBe(3)
  })

  it('keeps an issue its own awards and votes, apart from merge requests', async () => {
    const issue = await test.db
      .insertInto('issues')
      .values({ project_id: 1, iid: 900, author_id: 1, title: 'Voted' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const onIssue = { type: 'Issue' as const, id: issue.id }
    const up = await awards().insert(onIssue, 4, 'thumbsup')
    await awards().insert(onIssue, 5, 'thumbsdown')
    expect(up.awardable).toEqual(onIssue)
    const votes = () =>
      test.db
        .selectFrom('issues')
        .select(['upvotes', 'downvotes'])
        .where('id', '=', issue.id)
        .executeTakeFirstOrThrow()
    expect(await votes()).toEqual({ upvotes: 1, downvotes: 1 })
    expect((await awards().list(onIssue, { limit: 10, offset: 0 })).total).toBe(2)
    expect(await awards().find(onRequest(issue.id), up.id)).toBeUndefined()
    const duplicate = await awards()
      .insert(onIssue, 4, 'thumbsup')
      .catch((e: unknown) => e)
    expect(isUniqueViolation(duplicate)).toBe(true)
    await awards().delete(up)
    expect(await votes()).toEqual({ upvotes: 0, downvotes: 1 })
  })
})
