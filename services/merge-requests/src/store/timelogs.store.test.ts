import { createStores } from './stores.js'
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
    expect((await timelogs().saveTimeEstimate(row.id, 900)).timeEstimate).toBe(900)
  })

  it('adds concurrent logs up under the row lock', async () => {
    const row = await insertTestMergeRequest(test.db)
    await Promise.all(
      [1, 2, 3, 4].map(() =>
        timelogs().spendTime({ mergeRequestId: row.id, userId: 1, seconds: () => 60 }),
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
        mergeRequestId: row.id,
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
      mergeRequestId: row.id,
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
})
