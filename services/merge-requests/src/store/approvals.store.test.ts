import { createStores } from './stores.js'
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js'
import { insertTestMergeRequest } from '../testing/test-merge-requests.js'

let test: TestDatabase
beforeAll(async () => {
  test = await createTestDatabase()
})
afterAll(() => test.drop())

describe('approvals store', () => {
  it('inserts once per user, lists oldest first, deletes once', async () => {
    const row = await insertTestMergeRequest(test.db)
    const approvals = createStores(test.db).approvals
    expect(await approvals.insert(row.id, 5)).toBe(true)
    expect(await approvals.insert(row.id, 5)).toBe(false)
    expect(await approvals.insert(row.id, 6)).toBe(true)
    expect((await approvals.list(row.id)).map((a) => a.userId)).toEqual([5, 6])
    expect(await approvals.delete(row.id, 5)).toBe(true)
    expect(await approvals.delete(row.id, 5)).toBe(false)
    expect((await approvals.list(row.id)).map((a) => a.userId)).toEqual([6])
  })
})
