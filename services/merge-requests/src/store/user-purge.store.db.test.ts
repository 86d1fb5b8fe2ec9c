import { createStores } from './stores.js'
import { migrateUserRows } from './user-purge.store.js'
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js'
import { insertTestMergeRequest } from '../testing/test-merge-requests.js'

let test: TestDatabase
beforeAll(async () => {
  test = await createTestDatabase()
})
afterAll(() => test.drop())

const LEAVER = 701
const GHOST = 702

describe('a deleted user’s merge-requests rows', () => {
  it('moves awards on requests and issues to the Ghost user, keeping one where the Ghost already gave it', async () => {
    const awards = createStores(test.db).awardEmoji
    const request = await insertTestMergeRequest(test.db)
    const issue = await test.db
      .insertInto('issues')
      .values({ project_id: 1, iid: 700, author_id: LEAVER, title: 'Left behind' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const onRequest = { type: 'MergeRequest' as const, id: request.id }
    const onIssue = { type: 'Issue' as const, id: issue.id }
    // The Ghost already gave thumbsup on both: the leaver's thumbsup would collide.
    for (const awardable of [onRequest, onIssue]) {
      await awards.insert(awardable, GHOST, 'thumbsup')
      await awards.insert(awardable, LEAVER, 'thumbsup')
      await awards.insert(awardable, LEAVER, 'tada')
    }

    await migrateUserRows(test.db, {
      userId: LEAVER,
      ghostUserId: GHOST,
      hardDelete: false,
      namespaceId: 0,
      deletedByUserId: 1,
    })

    const rows = await test.db
      .selectFrom('award_emoji')
      .select(['user_id', 'name', 'merge_request_id', 'issue_id'])
      .where((eb) =>
        eb.or([eb('merge_request_id', '=', request.id), eb('issue_id', '=', issue.id)]),
      )
      .orderBy('id')
      .execute()
    expect(rows.map((r) => [r.user_id, r.name, r.issue_id === null ? 'mr' : 'issue'])).toEqual([
      [GHOST, 'thumbsup', 'mr'],
      [GHOST, 'tada', 'mr'],
      [GHOST, 'thumbsup', 'issue'],
      [GHOST, 'tada', 'issue'],
    ])
    const moved = await test.db
      .selectFrom('issues')
      .select('author_id')
      .where('id', '=', issue.id)
      .executeTakeFirstOrThrow()
    expect(Number(moved.author_id)).toBe(GHOST)
  })
})
