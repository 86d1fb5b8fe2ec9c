import type { MergeRequestsDeps } from '../rpc/deps.js'
import { insertMergeRequest } from '../store/merge-requests.store.js'
import { createTestDatabase, type TestDatabase } from '../store/test-database.js'
import { presentMergeRequests, type MergeRequestRow } from './merge-request-access.js'
import { testDeps } from './testing-deps.js'

let test: TestDatabase
let deps: MergeRequestsDeps

async function insert(iid: string, state = 'opened'): Promise<MergeRequestRow> {
  return test.db.transaction().execute((tx) =>
    insertMergeRequest(tx, {
      target_project_id: 1,
      source_project_id: 1,
      title: `MR ${iid}`,
      state,
      author_id: 1,
      source_branch: `b${iid}`,
      target_branch: 'main',
      merge_status: 'can_be_merged',
    }),
  )
}

beforeAll(async () => {
  test = await createTestDatabase()
  deps = testDeps(test.db, {
    branches: new Set(),
    usernames: new Map(),
    project: { squashOption: 'always', mergeMethod: 'ff', flags: {} },
  })
}, 60_000)

afterAll(async () => {
  await test.drop()
})

describe('presentMergeRequests', () => {
  it('takes sha, diff refs and changes_count from the latest diff version', async () => {
    const row = await insert('1')
    const diff = await test.db
      .insertInto('merge_request_diffs')
      .values({
        merge_request_id: row.id,
        head_commit_sha: 'h'.repeat(40),
        base_commit_sha: 'b'.repeat(40),
        start_commit_sha: 's'.repeat(40),
        state: 'overflow',
        real_size: '1000+',
        files_count: 1005,
        overflow: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const withDiff = await test.db
      .updateTable('merge_requests')
      .set({ latest_diff_id: diff.id })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow()
    const [single] = await presentMergeRequests(deps, [withDiff], { single: true, callerUserId: 1 })
    expect(single).toMatchObject({
      sha: 'h'.repeat(40),
      diffRefs: { baseSha: 'b'.repeat(40), headSha: 'h'.repeat(40), startSha: 's'.repeat(40) },
      changesCount: '1000+',
      subscribed: true,
      squashOnMerge: true,
      detailedMergeStatus: 'mergeable',
    })
    const [listed] = await presentMergeRequests(deps, [withDiff], { single: false })
    expect(listed?.changesCount).toBeUndefined()
    expect(listed?.subscribed).toBeUndefined()
  })

  it('reports blocks, rebases and explicit unsubscriptions', async () => {
    const blocker = await insert('2')
    const blocked = await insert('3')
    await test.db
      .insertInto('merge_request_blocks')
      .values({ blocking_merge_request_id: blocker.id, blocked_merge_request_id: blocked.id })
      .execute()
    await test.db
      .insertInto('subscriptions')
      .values({ merge_request_id: blocked.id, user_id: 1, subscribed: false })
      .execute()
    const diverged = { ...blocker, diverged_commits_count: 2 }
    const [first, second] = await presentMergeRequests(deps, [diverged, blocked], {
      single: true,
      callerUserId: 1,
    })
    expect(first?.detailedMergeStatus).toBe('need_rebase')
    expect(second).toMatchObject({
      detailedMergeStatus: 'merge_request_blocked',
      subscribed: false,
    })
  })
})
