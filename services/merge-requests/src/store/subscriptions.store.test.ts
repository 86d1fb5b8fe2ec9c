import { createStores } from './stores.js'
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js'
import { insertTestMergeRequest } from '../testing/test-merge-requests.js'

let test: TestDatabase
beforeAll(async () => {
  test = await createTestDatabase()
})
afterAll(() => test.drop())

describe('subscriptions store', () => {
  it('creates the row, then updates it in place', async () => {
    const row = await insertTestMergeRequest(test.db)
    await createStores(test.db).subscriptions.save(row.id, 3, true)
    await createStores(test.db).subscriptions.save(row.id, 3, false)
    const rows = await test.db
      .selectFrom('subscriptions')
      .select(['user_id', 'subscribed'])
      .where('merge_request_id', '=', row.id)
      .execute()
    expect(rows).toEqual([{ user_id: 3, subscribed: false }])
  })
})
