import { AccessLevel, Project } from '@suite/proto'
import { toMergeRequest } from '../store/merge-request-rows.js'
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js'
import { insertTestMergeRequest } from '../testing/test-merge-requests.js'
import type { Caller } from './caller.js'
import type { MergeRequestsDeps } from './ports.js'
import type { MergeRequest } from './merge-request.js'
import { presentMergeRequests } from './merge-request-access.js'
import { memberCaller } from '../testing/test-callers.js'
import { testDeps } from '../testing/test-deps.js'

let test: TestDatabase
let deps: MergeRequestsDeps
const DEVELOPER = memberCaller(1, AccessLevel.ACCESS_LEVEL_DEVELOPER)

async function insert(iid: string, state = 'opened'): Promise<MergeRequest> {
  return insertTestMergeRequest(test.db, {
    target_project_id: 1,
    source_project_id: 1,
    title: `MR ${iid}`,
    state,
    author_id: 1,
    source_branch: `b${iid}`,
    target_branch: 'main',
    merge_status: 'can_be_merged',
  })
}

beforeAll(async () => {
  test = await createTestDatabase()
  const project = Project.fromPartial({
    id: 1,
    squashOption: 'always',
    mergeMethod: 'ff',
    flags: {},
    defaultBranch: 'main',
  })
  deps = testDeps(test.db, { projects: [project] })
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
    const withDiff = toMergeRequest(
      await test.db
        .updateTable('merge_requests')
        .set({ latest_diff_id: diff.id })
        .where('id', '=', row.id)
        .returningAll()
        .executeTakeFirstOrThrow(),
    )
    const [single] = await presentMergeRequests(deps, [withDiff], {
      single: true,
      caller: DEVELOPER,
    })
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

  it('answers caller_can_merge on single answers: push_code into any branch', async () => {
    const row = await insert('4')
    const present = (caller: Caller, target = row) =>
      presentMergeRequests(deps, [target], { single: true, caller })
    const [developer] = await present(DEVELOPER)
    expect(developer?.callerCanMerge).toBe(true)
    const maintainer = memberCaller(2, AccessLevel.ACCESS_LEVEL_MAINTAINER)
    expect((await present(maintainer))[0]?.callerCanMerge).toBe(true)
    const intoStable = { ...row, targetBranch: 'stable' }
    expect((await present(DEVELOPER, intoStable))[0]?.callerCanMerge).toBe(true)
    const reporter = memberCaller(3, AccessLevel.ACCESS_LEVEL_REPORTER)
    expect((await present(reporter, intoStable))[0]?.callerCanMerge).toBe(false)
    const [listed] = await presentMergeRequests(deps, [row], { single: false, caller: maintainer })
    expect(listed?.callerCanMerge).toBe(false)
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
    const diverged = { ...blocker, divergedCommitsCount: 2 }
    const [first, second] = await presentMergeRequests(deps, [diverged, blocked], {
      single: true,
      caller: DEVELOPER,
    })
    expect(first?.detailedMergeStatus).toBe('need_rebase')
    expect(second).toMatchObject({
      detailedMergeStatus: 'merge_request_blocked',
      subscribed: false,
    })
  })
})
