import { AccessLevel } from '@suite/proto'
import { ForbiddenError, PreconditionError, UnauthenticatedError } from '@suite/runtime'
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js'
import { insertTestMergeRequest } from '../testing/test-merge-requests.js'
import { memberCaller } from '../testing/test-callers.js'
import { testDeps, testProject } from '../testing/test-deps.js'
import type { MergeRequest } from './merge-request.js'
import { setSubscription } from './subscriptions.js'

let test: TestDatabase
beforeAll(async () => {
  test = await createTestDatabase()
})
afterAll(() => test.drop())

const keyOf = (row: MergeRequest) => ({ projectId: row.targetProjectId, iid: row.iid })
const DEVELOPER = memberCaller(30, AccessLevel.ACCESS_LEVEL_DEVELOPER)

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
    const author = memberCaller(31, AccessLevel.ACCESS_LEVEL_DEVELOPER)
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

  it('needs update_merge_request (a reporter who did not write it gets 403)', async () => {
    const row = await insertTestMergeRequest(test.db)
    const reporter = memberCaller(32, AccessLevel.ACCESS_LEVEL_REPORTER)
    await expect(setSubscription(testDeps(test.db), reporter, keyOf(row), true)).rejects.toEqual(
      new ForbiddenError(),
    )
  })

  it('lets the author who reads it subscribe (a reporter)', async () => {
    const row = await insertTestMergeRequest(test.db, { author_id: 33 })
    const deps = testDeps(test.db, { projects: [testProject(1, undefined)] })
    const author = memberCaller(33, AccessLevel.ACCESS_LEVEL_REPORTER)
    expect(await setSubscription(deps, author, keyOf(row), false)).toMatchObject({
      subscribed: false,
    })
  })

  it('needs a signed-in caller', async () => {
    const row = await insertTestMergeRequest(test.db)
    await expect(
      setSubscription(testDeps(test.db), undefined, keyOf(row), true),
    ).rejects.toBeInstanceOf(UnauthenticatedError)
  })
})
