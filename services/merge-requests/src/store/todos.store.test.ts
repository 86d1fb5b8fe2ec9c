import { createStores } from './stores.js'
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js'
import { insertTestMergeRequest } from '../testing/test-merge-requests.js'

let test: TestDatabase
beforeAll(async () => {
  test = await createTestDatabase()
})
afterAll(() => test.drop())

describe('todos store', () => {
  it('stores a pending to-do and marks only that user’s done', async () => {
    const row = await insertTestMergeRequest(test.db)
    const todos = createStores(test.db).todos
    const todo = { authorId: 1, projectId: 1, mergeRequestId: row.id, action: 'marked' }
    const stored = await todos.insert({ ...todo, userId: 1 })
    expect(stored).toMatchObject({ state: 'pending', action: 'marked', body: '' })
    await todos.insert({ ...todo, userId: 2 })
    expect(await todos.hasPending(row.id, 1)).toBe(true)
    await todos.markPendingDone(row.id, 1)
    expect(await todos.hasPending(row.id, 1)).toBe(false)
    expect(await todos.hasPending(row.id, 2)).toBe(true)
  })
})
