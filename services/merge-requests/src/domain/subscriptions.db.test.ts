import { AccessLevel } from '@suite/proto'
import { ForbiddenError, PreconditionError, UnauthenticatedError } from '@suite/runtime'
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js'
import { insertTestMergeRequest } from '../testing/test-merge-requests.js'
import { memberCaller } from '../testing/test-callers.js'
import { testDeps, testProject } from '../testing/test-deps.js'
import type { MergeRequest } from './merge-request.js'
import { NotFoundError } from '@suite/runtime'
import { getIssue } from './issues.js'
import { createNote } from './notes.js'
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
    expect(answered).toMatchObject({ type: 'MergeRequest', view: { id: row.id, subscribed: true } })
    const again = await setSubscription(deps, DEVELOPER, keyOf(row), true).catch((e: unknown) => e)
    expect(again).toBeInstanceOf(PreconditionError)
    expect(again).toMatchObject({ reason: 'not_modified' })
  })

  it('unsubscribes a subscriber, then answers 304', async () => {
    const deps = testDeps(test.db)
    const row = await insertTestMergeRequest(test.db)
    await setSubscription(deps, DEVELOPER, keyOf(row), true)
    expect(await setSubscription(deps, DEVELOPER, keyOf(row), false)).toMatchObject({
      view: { subscribed: false },
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
      view: { subscribed: false },
    })
    expect(await setSubscription(deps, author, keyOf(row), true)).toMatchObject({
      view: { subscribed: true },
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
      view: { subscribed: false },
    })
  })

  it('needs a signed-in caller', async () => {
    const row = await insertTestMergeRequest(test.db)
    await expect(
      setSubscription(testDeps(test.db), undefined, keyOf(row), true),
    ).rejects.toBeInstanceOf(UnauthenticatedError)
  })
})

let nextIid = 300
async function insertIssue(values: { confidential?: boolean; authorId?: number } = {}) {
  const row = await test.db
    .insertInto('issues')
    .values({
      project_id: 1,
      iid: nextIid++,
      author_id: values.authorId ?? 10,
      title: 'Followed',
      confidential: values.confidential ?? false,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
  return { row, key: { projectId: 1, iid: row.iid, noteableType: 'Issue' as const } }
}

const GUEST = memberCaller(50, AccessLevel.ACCESS_LEVEL_GUEST)
const REPORTER = memberCaller(51, AccessLevel.ACCESS_LEVEL_REPORTER)

describe('setSubscription on issues (the same code as merge requests)', () => {
  it('lets a Guest who reads the issue subscribe and unsubscribe, 304 when nothing changes', async () => {
    const deps = testDeps(test.db)
    const { row, key } = await insertIssue()
    const answered = await setSubscription(deps, GUEST, key, true)
    expect(answered).toMatchObject({ type: 'Issue', view: { id: row.id, subscribed: true } })
    expect(await getIssue(deps, GUEST, key)).toMatchObject({ subscribed: true })
    // Another user's view is theirs alone.
    expect(await getIssue(deps, REPORTER, key)).toMatchObject({ subscribed: false })
    await expect(setSubscription(deps, GUEST, key, true)).rejects.toMatchObject({
      reason: 'not_modified',
    })
    expect(await setSubscription(deps, GUEST, key, false)).toMatchObject({
      view: { subscribed: false },
    })
    await expect(setSubscription(deps, GUEST, key, false)).rejects.toBeInstanceOf(PreconditionError)
    expect(await getIssue(deps, GUEST, key)).toMatchObject({ subscribed: false })
  })

  it('counts the author and a commenter as subscribed until they unsubscribe', async () => {
    const deps = testDeps(test.db)
    const author = memberCaller(52, AccessLevel.ACCESS_LEVEL_GUEST)
    const { key } = await insertIssue({ authorId: 52 })
    expect(await getIssue(deps, author, key)).toMatchObject({ subscribed: true })
    await expect(setSubscription(deps, author, key, true)).rejects.toMatchObject({
      reason: 'not_modified',
    })
    expect(await setSubscription(deps, author, key, false)).toMatchObject({
      view: { subscribed: false },
    })
    // The explicit record wins over authorship.
    expect(await getIssue(deps, author, key)).toMatchObject({ subscribed: false })

    expect(await getIssue(deps, REPORTER, key)).toMatchObject({ subscribed: false })
    await createNote(deps, REPORTER, key, { body: 'me too', internal: false, createdAt: null })
    expect(await getIssue(deps, REPORTER, key)).toMatchObject({ subscribed: true })
    await expect(setSubscription(deps, REPORTER, key, true)).rejects.toMatchObject({
      reason: 'not_modified',
    })
  })

  it('answers 404 for a confidential issue the caller may not read, and lets a Reporter subscribe', async () => {
    const deps = testDeps(test.db)
    const { key } = await insertIssue({ confidential: true })
    await expect(setSubscription(deps, GUEST, key, true)).rejects.toEqual(
      new NotFoundError('Issue'),
    )
    expect(await setSubscription(deps, REPORTER, key, true)).toMatchObject({
      view: { subscribed: true },
    })
    await expect(setSubscription(deps, GUEST, { ...key, iid: 99_999 }, true)).rejects.toEqual(
      new NotFoundError('Issue'),
    )
  })

  it('needs a signed-in caller', async () => {
    const { key } = await insertIssue()
    await expect(setSubscription(testDeps(test.db), undefined, key, true)).rejects.toBeInstanceOf(
      UnauthenticatedError,
    )
  })
})
