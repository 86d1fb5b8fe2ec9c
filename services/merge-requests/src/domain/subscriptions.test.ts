import { ForbiddenError, PreconditionError, UnauthenticatedError } from '@suite/runtime'
import { createTestDatabase, type TestDatabase } from '../store/test-database.js'
import { insertTestMergeRequest } from '../store/test-merge-requests.js'
import { caller, testDeps } from './collaboration-test-deps.js'
import type { MergeRequestRow } from './merge-request-access.js'
import { setSubscription } from './subscriptions.js'

let test: TestDatabase
beforeAll(async () => {
  test = await createTestDatabase()
})
afterAll(() => test.drop())

const keyOf = (row: MergeRequestRow) => ({ projectId: row.target_project_id, iid: row.iid })
const DEVELOPER = caller(30, 30)

describe('setSubscription: subscribe and unsubscribe', () => {
  it('subscribes, then answers 304 when already subscribed', async () => {
    const deps = testDeps(test.db)
    const row = await insertTestMergeRequest(test.db)
    const answered = await setSubscription(deps, DEVELOPER, keyOf(row), true)
    expect(answered).toMatchObject({ id: row.id, subscribed: true })
    const again = await setSubscription(deps, DEVELOPER, keyOf(row), true).catch((e: unknown) => e)
    expect(again).toBeInstanceOf(PreconditionError)
    expect(again).toMatchObject({ reason: 'not_modified' })
  })

  it('unsubscribes a subscriber, then answers 304', async () => {
    const deps = testDeps(test.db)
    const row = await insertTestMergeRequest(test.db)
    await setSubscription(deps, DEVELOPER, keyOf(row), true)
    expect(await setSubscription(deps, DEVELOPER, keyOf(row), false)).toMatchObject({
      subscribed: false,
    })
    await expect(setSubscription(deps, DEVELOPER, keyOf(row), false)).rejects.toMatchObject({
      reason: 'not_modified',
    })
  })

  it('counts the author as subscribed until they unsubscribe (participation)', async () => {
    const deps = testDeps(test.db)
    const author = caller(31, 30)
    const row = await insertTestMergeRequest(test.db, { author_id: 31 })
    await expect(setSubscription(deps, author, keyOf(row), true)).rejects.toMatchObject({
      reason: 'not_modified',
    })
    expect(await setSubscription(deps, author, keyOf(row), false)).toMatchObject({
      subscribed: false,
    })
    expect(await setSubscription(deps, author, keyOf(row), true)).toMatchObject({
      subscribed: true,
    })
  })

  it('needs update_merge_request (a guest who did not write it gets 403)', async () => {
    const row = await insertTestMergeRequest(test.db)
    await expect(
      setSubscription(testDeps(test.db), caller(32, 10), keyOf(row), true),
    ).rejects.toBeInstanceOf(ForbiddenError)
  })

  it('needs a signed-in caller', async () => {
    const row = await insertTestMergeRequest(test.db)
    await expect(
      setSubscription(testDeps(test.db), undefined, keyOf(row), true),
    ).rejects.toBeInstanceOf(UnauthenticatedError)
  })
})
