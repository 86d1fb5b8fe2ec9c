import { AccessLevel } from '@suite/proto'
import { PreconditionError } from '@suite/runtime'
import { markPendingTodosDone } from '../store/todos.store.js'
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js'
import { insertTestMergeRequest } from '../testing/test-merge-requests.js'
import { memberCaller } from '../testing/test-callers.js'
import { testDeps } from '../testing/test-deps.js'
import { createTodo } from './todos.js'

let test: TestDatabase
beforeAll(async () => {
  test = await createTestDatabase()
})
afterAll(() => test.drop())

const REPORTER_IN_7 = memberCaller(40, AccessLevel.ACCESS_LEVEL_REPORTER, { projectId: 7 })

describe('createTodo: TodoService#mark_todo', () => {
  it("creates a pending 'marked' to-do with the request as target and its title as body", async () => {
    const row = await insertTestMergeRequest(test.db, { target_project_id: 7, title: 'Fix it' })
    const todo = await createTodo(testDeps(test.db), REPORTER_IN_7, { projectId: 7, iid: row.iid })
    expect(todo).toMatchObject({
      projectId: 7,
      authorId: 40,
      userId: 40,
      action: 'marked',
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
    await createTodo(deps, memberCaller(41, AccessLevel.ACCESS_LEVEL_REPORTER), key)
    const again = await createTodo(
      deps,
      memberCaller(41, AccessLevel.ACCESS_LEVEL_REPORTER),
      key,
    ).catch((e: unknown) => e)
    expect(again).toBeInstanceOf(PreconditionError)
    expect(again).toMatchObject({ reason: 'not_modified' })
    // another user is not affected
    await expect(
      createTodo(deps, memberCaller(42, AccessLevel.ACCESS_LEVEL_REPORTER), key),
    ).resolves.toMatchObject({ userId: 42 })
    await markPendingTodosDone(test.db, row.id, 41)
    await expect(
      createTodo(deps, memberCaller(41, AccessLevel.ACCESS_LEVEL_REPORTER), key),
    ).resolves.toMatchObject({ userId: 41 })
  })
})
