import { sql } from 'kysely'
import { createStores } from './stores.js'
import { migrateUserRows } from './user-purge.store.js'
import { purgeProjectRows } from './project-purge.store.js'
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js'
import { insertTestMergeRequest } from '../testing/test-merge-requests.js'

let test: TestDatabase
beforeAll(async () => {
  test = await createTestDatabase()
})
afterAll(() => test.drop())

let nextIid = 900
async function insertIssue(projectId = 1) {
  return test.db
    .insertInto('issues')
    .values({ project_id: projectId, iid: nextIid++, author_id: 10, title: 'Followed' })
    .returning('id')
    .executeTakeFirstOrThrow()
}

const rowsOf = (column: 'merge_request_id' | 'issue_id', id: number) =>
  test.db
    .selectFrom('subscriptions')
    .select(['user_id', 'subscribed'])
    .where(column, '=', id)
    .orderBy('user_id')
    .execute()

describe('subscriptions store', () => {
  it('creates the row, then updates it in place', async () => {
    const row = await insertTestMergeRequest(test.db)
    const ref = { type: 'MergeRequest' as const, id: row.id }
    await createStores(test.db).subscriptions.save(ref, 3, true)
    await createStores(test.db).subscriptions.save(ref, 3, false)
    expect(await rowsOf('merge_request_id', row.id)).toEqual([{ user_id: 3, subscribed: false }])
    expect(await createStores(test.db).subscriptions.find(ref, 3)).toBe(false)
  })

  it('keeps an issue’s subscriptions apart from a request with the same id', async () => {
    const subscriptions = createStores(test.db).subscriptions
    const request = await insertTestMergeRequest(test.db)
    const issue = await insertIssue()
    const onIssue = { type: 'Issue' as const, id: issue.id }
    await subscriptions.save(onIssue, 3, true)
    await subscriptions.save(onIssue, 3, false)
    await subscriptions.save(onIssue, 4, true)
    await subscriptions.save({ type: 'MergeRequest', id: request.id }, 3, true)

    expect(await rowsOf('issue_id', issue.id)).toEqual([
      { user_id: 3, subscribed: false },
      { user_id: 4, subscribed: true },
    ])
    expect(await subscriptions.find(onIssue, 3)).toBe(false)
    expect(await subscriptions.find(onIssue, 5)).toBeUndefined()
    expect(await subscriptions.findForIssues([issue.id], 4)).toEqual(new Map([[issue.id, true]]))
    expect(await subscriptions.findForIssues([], 4)).toEqual(new Map())
  })

  it('refuses a row naming both a request and an issue, or neither', async () => {
    const request = await insertTestMergeRequest(test.db)
    const issue = await insertIssue()
    await expect(
      sql`insert into subscriptions (merge_request_id, issue_id, user_id, subscribed)
        values (${request.id}, ${issue.id}, 3, true)`.execute(test.db),
    ).rejects.toThrow(/subscriptions_one_subscribable/)
    await expect(
      sql`insert into subscriptions (user_id, subscribed) values (3, true)`.execute(test.db),
    ).rejects.toThrow(/subscriptions_one_subscribable/)
  })

  it('goes with a deleted user and with a deleted project’s issues', async () => {
    const subscriptions = createStores(test.db).subscriptions
    const issue = await insertIssue(77)
    const onIssue = { type: 'Issue' as const, id: issue.id }
    await subscriptions.save(onIssue, 801, true)
    await subscriptions.save(onIssue, 802, true)

    await migrateUserRows(test.db, {
      userId: 801,
      ghostUserId: 803,
      hardDelete: false,
      namespaceId: 0,
      deletedByUserId: 1,
    })
    expect(await rowsOf('issue_id', issue.id)).toEqual([{ user_id: 802, subscribed: true }])

    await purgeProjectRows(test.db, 77)
    expect(await rowsOf('issue_id', issue.id)).toEqual([])
  })
})
