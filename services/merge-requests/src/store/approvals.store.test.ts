import { deleteApproval, insertApproval, listApprovals } from './approvals.store.js'
import { createTestDatabase, type TestDatabase } from './test-database.js'
import { insertTestMergeRequest } from './test-merge-requests.js'

let test: TestDatabase
beforeAll(async () => {
  test = await createTestDatabase()
})
afterAll(() => test.drop())

describe('approvals store', () => {
  it('inserts once per user, lists oldest first, deletes once', async () => {
    const row = await insertTestMergeRequest(test.db)
    expect(await insertApproval(test.db, row.id, 5)).toBe(true)
    expect(await insertApproval(test.db, row.id, 5)).toBe(false)
    expect(await insertApproval(test.db, row.id, 6)).toBe(true)
    expect((await listApprovals(test.db, row.id)).map((a) => a.user_id)).toEqual([5, 6])
    expect(await deleteApproval(test.db, row.id, 5)).toBe(true)
    expect(await deleteApproval(test.db, row.id, 5)).toBe(false)
    expect((await listApprovals(test.db, row.id)).map((a) => a.user_id)).toEqual([6])
  })
})
