import { AccessLevel } from '@suite/proto'
import { NotFoundError, RecordNotFoundError, UnauthenticatedError } from '@suite/runtime'
import { createStores } from '../store/stores.js'
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js'
import { insertTestMergeRequest } from '../testing/test-merge-requests.js'
import { createAwardEmoji, deleteAwardEmoji, getAwardEmoji, listAwardEmoji } from './award-emoji.js'
import { memberCaller } from '../testing/test-callers.js'
import { testDeps } from '../testing/test-deps.js'
import type { MergeRequest } from './merge-request.js'

let test: TestDatabase
beforeAll(async () => {
  test = await createTestDatabase()
})
afterAll(() => test.drop())

const USER = memberCaller(70, AccessLevel.ACCESS_LEVEL_REPORTER)
const keyOf = (row: MergeRequest) => ({ projectId: row.targetProjectId, iid: row.iid })
const votes = (id: number) =>
  test.db
    .selectFrom('merge_requests')
    .select(['upvotes', 'downvotes'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()

describe('award emoji on a merge request', () => {
  it('awards, stores +1 as thumbsup, counts the vote, and reads it back', async () => {
    const deps = testDeps(test.db)
    const row = await insertTestMergeRequest(test.db)
    const award = await createAwardEmoji(deps, USER, keyOf(row), '+1')
    expect(award).toMatchObject({
      name: 'thumbsup',
      userId: 70,
      awardable: { type: 'MergeRequest', id: row.id },
    })
    await createAwardEmoji(deps, USER, keyOf(row), 'thumbsdown')
    await createAwardEmoji(
      deps,
      memberCaller(71, AccessLevel.ACCESS_LEVEL_REPORTER),
      keyOf(row),
      'thumbsup',
    )
    expect(await votes(row.id)).toEqual({ upvotes: 2, downvotes: 1 })
    expect(await getAwardEmoji(deps, USER, keyOf(row), award.id)).toEqual(award)
  })

  it('pages the list by id with the total', async () => {
    const deps = testDeps(test.db)
    const row = await insertTestMergeRequest(test.db)
    for (const name of ['tada', 'rocket', 'eyes'])
      await createAwardEmoji(deps, USER, keyOf(row), name)
    const page = await listAwardEmoji(deps, USER, keyOf(row), { page: 2, perPage: 2 })
    expect(page.total).toBe(3)
    expect(page.awardEmoji.map((a) => a.name)).toEqual(['eyes'])
  })

  it("is GitLab's 404 for an unknown name and for an award given twice", async () => {
    const deps = testDeps(test.db)
    const row = await insertTestMergeRequest(test.db)
    await expect(createAwardEmoji(deps, USER, keyOf(row), 'no-such-emoji')).rejects.toEqual(
      new NotFoundError('Award Emoji Name is not a valid emoji name'),
    )
    await createAwardEmoji(deps, USER, keyOf(row), 'tada')
    await expect(createAwardEmoji(deps, USER, keyOf(row), 'tada')).rejects.toEqual(
      new NotFoundError('Award Emoji Name has already been taken'),
    )
  })

  it("marks the caller's pending to-dos on the request done", async () => {
    const row = await insertTestMergeRequest(test.db)
    const todo = await createStores(test.db).todos.insert({
      userId: 70,
      authorId: 70,
      projectId: 1,
      mergeRequestId: row.id,
      action: 'marked',
    })
    await createAwardEmoji(testDeps(test.db), USER, keyOf(row), 'tada')
    const stored = await test.db
      .selectFrom('todos')
      .select('state')
      .where('id', '=', todo.id)
      .executeTakeFirstOrThrow()
    expect(stored.state).toBe('done')
  })

  it('deletes only its own award (401 otherwise, admins excepted) and takes the vote back', async () => {
    const deps = testDeps(test.db)
    const row = await insertTestMergeRequest(test.db)
    const award = await createAwardEmoji(deps, USER, keyOf(row), 'thumbsup')
    await expect(
      deleteAwardEmoji(
        deps,
        memberCaller(72, AccessLevel.ACCESS_LEVEL_MAINTAINER),
        keyOf(row),
        award.id,
      ),
    ).rejects.toBeInstanceOf(UnauthenticatedError)
    await deleteAwardEmoji(deps, USER, keyOf(row), award.id)
    expect(await votes(row.id)).toEqual({ upvotes: 0, downvotes: 0 })
    const other = await createAwardEmoji(deps, USER, keyOf(row), 'thumbsdown')
    await deleteAwardEmoji(
      deps,
      memberCaller(73, AccessLevel.ACCESS_LEVEL_NO_ACCESS, { admin: true }),
      keyOf(row),
      other.id,
    )
    expect(await votes(row.id)).toEqual({ upvotes: 0, downvotes: 0 })
  })

  it('is 404 Not found for an award of another request', async () => {
    const deps = testDeps(test.db)
    const row = await insertTestMergeRequest(test.db)
    const other = await insertTestMergeRequest(test.db)
    const award = await createAwardEmoji(deps, USER, keyOf(other), 'tada')
    await expect(getAwardEmoji(deps, USER, keyOf(row), award.id)).rejects.toBeInstanceOf(
      RecordNotFoundError,
    )
    await expect(deleteAwardEmoji(deps, USER, keyOf(row), award.id)).rejects.toBeInstanceOf(
      RecordNotFoundError,
    )
  })
})
