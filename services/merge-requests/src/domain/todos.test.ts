import { PreconditionError } from '@suite/runtime'
import { markPendingTodosDone } from '../store/todos.store.js'
import { createTestDatabase, type TestDatabase } from '../store/test-database.js'
import { insertTestMergeRequest } from '../store/test-merge-requests.js'
import { caller, testDeps } from './collaboration-test-deps.js'
import { createTodo } from './todos.js'

let test: TestDatabase
beforeAll(async () => {
  test = await createTestDatabase()
})
afterAll(() => test.drop())

describe('createTodo: TodoService#mark_todo', () => {
  it("creates a pending 'marked' to-do with the request as target and its title as body", async () => {
    const row = await insertTestMergeRequest(test.db, { target_project_id: 7, title: 'Fix it' })
    const todo = await createTodo(testDeps(test.db), caller(40, 20), { projectId: 7, iid: row.iid })
    expect(todo).toMatchObject({
      projectId: 7,
      authorId: 40,
      userId: 40,
      actionName: 'marked',
      targetType: 'MergeRequest',
      body: 'Fix it',
      state: 'pending',
    })
    expect(todo.target?.id).toBe(row.id)
    expect(todo.createdAt).toBeInstanceOf(Date)
  })

  it('answers 304 while the caller has a pending to-do for it, and creates again once done', async () => {
    const deps = testDeps(test.db)
    const row = await insertTestMergeRequest(test.db)
    const key = { projectId: 1, iid: row.iid }
    await createTodo(deps, caller(41, 20), key)
    const again = await createTodo(deps, caller(41, 20), key).catch((e: unknown) => e)
    expect(again).toBeInstanceOf(PreconditionError)
    expect(again).toMatchObject({ reason: 'not_modified' })
    // another user is not affected
    await expect(createTodo(deps, caller(42, 20), key)).resolves.toMatchObject({ userId: 42 })
    await markPendingTodosDone(test.db, row.id, 41)
    await expect(createTodo(deps, caller(41, 20), key)).resolves.toMatchObject({ userId: 41 })
  })
})
