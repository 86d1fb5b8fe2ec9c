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

const timelogs = () => createStores(test.db).timelogs

describe('timelogs store', () => {
  it('saves the estimate', async () => {
    const row = await insertTestMergeRequest(test.db)
    expect(
      (await timelogs().saveTimeEstimate({ type: 'MergeRequest', id: row.id }, 900)).timeEstimate,
    ).toBe(900)
  })

  it('adds concurrent logs up under the row lock', async () => {
    const row = await insertTestMergeRequest(test.db)
    await Promise.all(
      [1, 2, 3, 4].map(() =>
        timelogs().spendTime({
          trackable: { type: 'MergeRequest', id: row.id },
          userId: 1,
          seconds: () => 60,
        }),
      ),
    )
    const stored = await test.db
      .selectFrom('merge_requests')
      .select('total_time_spent')
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow()
    expect(stored.total_time_spent).toBe(240)
  })

  it('gives the callback the total and writes nothing when it throws', async () => {
    const row = await insertTestMergeRequest(test.db, { total_time_spent: 100 })
    const seen: number[] = []
    await expect(
      timelogs().spendTime({
        trackable: { type: 'MergeRequest', id: row.id },
        userId: 1,
        seconds: (total) => {
          seen.push(total)
          throw new Error('refused')
        },
      }),
    ).rejects.toThrow('refused')
    expect(seen).toEqual([100])
    const logs = await test.db
      .selectFrom('timelogs')
      .select('id')
      .where('merge_request_id', '=', row.id)
      .execute()
    expect(logs).toEqual([])
  })

  it('logs nothing for 0 seconds but still answers the row', async () => {
    const row = await insertTestMergeRequest(test.db)
    const updated = await timelogs().spendTime({
      trackable: { type: 'MergeRequest', id: row.id },
      userId: 1,
      seconds: () => 0,
    })
    expect(updated.totalTimeSpent).toBe(0)
    const logs = await test.db
      .selectFrom('timelogs')
      .select('id')
      .where('merge_request_id', '=', row.id)
      .execute()
    expect(logs).toEqual([])
  })

  it('keeps an issue’s estimate and logs on the issue, apart from a request of the same id', async () => {
    const request = await insertTestMergeRequest(test.db)
    const issue = await test.db
      .insertInto('issues')
      .values({ project_id: 88, iid: 1, author_id: 10, title: 'Tracked' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const onIssue = { type: 'Issue' as const, id: issue.id }
    expect(await timelogs().saveTimeEstimate(onIssue, 600)).toEqual({
      timeEstimate: 600,
      totalTimeSpent: 0,
    })
    await timelogs().spendTime({ trackable: onIssue, userId: 901, seconds: () => 120 })
    expect(
      await timelogs().spendTime({ trackable: onIssue, userId: 902, seconds: (t) => t + 30 }),
    ).toEqual({ timeEstimate: 600, totalTimeSpent: 270 })
    const requestRow = await test.db
      .selectFrom('merge_requests')
      .select(['time_estimate', 'total_time_spent'])
      .where('id', '=', request.id)
      .executeTakeFirstOrThrow()
    expect(requestRow).toEqual({ time_estimate: 0, total_time_spent: 0 })

    const logsOf = () =>
      test.db
        .selectFrom('timelogs')
        .select(['user_id', 'time_spent'])
        .where('issue_id', '=', issue.id)
        .orderBy('id')
        .execute()
    // A deleted user's logs move to the Ghost user; a deleted project's issues take theirs along.
    await migrateUserRows(test.db, {
      userId: 901,
      ghostUserId: 903,
      hardDelete: false,
      namespaceId: 0,
      deletedByUserId: 1,
    })
    expect(await logsOf()).toEqual([
      { user_id: 903, time_spent: 120 },
      { user_id: 902, time_spent: 150 },
    ])
    await purgeProjectRows(test.db, 88)
    expect(await logsOf()).toEqual([])
  })
})
