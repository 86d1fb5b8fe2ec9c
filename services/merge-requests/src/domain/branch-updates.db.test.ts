import { createTestDatabase, type TestDatabase } from '../testing/test-database.js'
import { insertTestMergeRequest } from '../testing/test-merge-requests.js'
import { DIFF_COLLECTION_QUEUE, mergeRequestJobId, mergeRequestQueue } from '../workers/queues.js'
import { applyBranchUpdate } from './branch-updates.js'
import { createTestDeps, FakeRepository, type TestDeps } from '../testing/test-deps.js'

const ZERO = '0000000000000000000000000000000000000000'

describe('applyBranchUpdate', () => {
  let database: TestDatabase
  let test: TestDeps

  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(async () => {
    await database.drop()
  })
  beforeEach(() => {
    test = createTestDeps(database.db, { repository: new FakeRepository() })
  })
  afterEach(async () => {
    await test.close()
  })

  async function status(id: number) {
    return database.db
      .selectFrom('merge_requests')
      .select(['merge_status', 'has_conflicts', 'state', 'closed_by_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  }

  it('fans out to opened requests from or into the branch of that project', async () => {
    const fromTopic = await insertTestMergeRequest(database.db, {
      target_project_id: 40,
      source_branch: 'topic',
      target_branch: 'main',
      merge_status: 'can_be_merged',
    })
    const intoMain = await insertTestMergeRequest(database.db, {
      target_project_id: 40,
      source_branch: 'other',
      target_branch: 'main',
      merge_status: 'cannot_be_merged',
      has_conflicts: true,
    })
    await insertTestMergeRequest(database.db, { target_project_id: 41, source_branch: 'topic' })
    await insertTestMergeRequest(database.db, {
      target_project_id: 40,
      source_branch: 'topic',
      state: 'closed',
    })

    const update = { projectId: 40, branch: 'topic', before: 'a', after: 'b', userId: 5 }
    expect(await applyBranchUpdate(test.deps, update)).toEqual([fromTopic.id])
    expect(await status(fromTopic.id)).toMatchObject({ merge_status: 'unchecked' })

    const main = { projectId: 40, branch: 'main', before: 'c', after: 'd' }
    expect(await applyBranchUpdate(test.deps, main)).toEqual([fromTopic.id, intoMain.id])
    expect(await status(intoMain.id)).toMatchObject({
      merge_status: 'cannot_be_merged_recheck',
      has_conflicts: false,
    })

    const queue = mergeRequestQueue(test.redis, DIFF_COLLECTION_QUEUE)
    expect(await queue.getJob(mergeRequestJobId('diffs', fromTopic.id))).toBeDefined()
    expect(await queue.getJob(mergeRequestJobId('diffs', intoMain.id))).toBeDefined()
    // The same request asked twice while waiting is one job.
    expect(await queue.getWaitingCount()).toBe(2)
  })

  it('closes the requests whose source branch was deleted', async () => {
    const row = await insertTestMergeRequest(database.db, {
      target_project_id: 50,
      source_branch: 'doomed',
    })
    const update = { projectId: 50, branch: 'doomed', before: 'a', after: ZERO, userId: 9 }
    expect(await applyBranchUpdate(test.deps, update)).toEqual([])
    expect(await status(row.id)).toMatchObject({ state: 'closed', closed_by_id: 9 })
  })

  it('refreshes the requests into a deleted target branch', async () => {
    const row = await insertTestMergeRequest(database.db, {
      target_project_id: 60,
      source_branch: 'feature',
      target_branch: 'release',
    })
    const update = { projectId: 60, branch: 'release', before: 'a', after: ZERO }
    expect(await applyBranchUpdate(test.deps, update)).toEqual([row.id])
    expect(await status(row.id)).toMatchObject({ state: 'opened', merge_status: 'unchecked' })
  })
})
