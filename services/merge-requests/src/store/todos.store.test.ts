import { hasPendingTodo, insertTodo, markPendingTodosDone } from './todos.store.js'
import { createTestDatabase, type TestDatabase } from './test-database.js'
import { insertTestMergeRequest } from './test-merge-requests.js'

let test: TestDatabase
beforeAll(async () => {
  test = await createTestDatabase()
})
afterAll(() => test.drop())

describe('todos store', () => {
  it('stores a pending to-do and marks only that user’s done', async () => {
    const row = await insertTestMergeRequest(test.db)
    const todo = { authorId: 1, projectId: 1, mergeRequestId: row.id, action: 'marked' }
    const stored = await insertTodo(test.db, { ...todo, userId: 1 })
    expect(stored).toMatchObject({ state: 'pending', action: 'marked', body: '' })
    await insertTodo(test.db, { ...todo, userId: 2 })
    expect(await hasPendingTodo(test.db, row.id, 1)).toBe(true)
    await markPendingTodosDone(test.db, row.id, 1)
    expect(await hasPendingTodo(test.db, row.id, 1)).toBe(false)
    expect(await hasPendingTodo(test.db, row.id, 2)).toBe(true)
  })
})
