import { AccessLevel, CompareCommitsResponse, Project } from '@suite/proto'
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js'
import { insertTestMergeRequest } from '../testing/test-merge-requests.js'
import { memberCaller } from '../testing/test-callers.js'
import { mergeMergeRequest, type MergeInput } from './merge.js'
import { createTestDeps, FakeRepository, type TestDeps } from '../testing/test-deps.js'

const project = Project.fromPartial({
  id: 1,
  path: 'app',
  namespaceFullPath: 'group',
  mergeMethod: 'merge',
  squashOption: 'default_off',
  flags: { remove_source_branch_after_merge: false },
})

describe('mergeMergeRequest', () => {
  let database: TestDatabase
  let repository: FakeRepository
  let test: TestDeps

  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(async () => {
    await database.drop()
  })
  beforeEach(() => {
    repository = new FakeRepository()
    repository.compare = CompareCommitsResponse.fromPartial({
      commits: [{ id: 'head-1', shortId: 'head-1', title: 'One', message: 'One\n' }],
      diffs: [{ oldPath: 'a', newPath: 'a', diff: '@@ -1 +1 @@\n-a\n+b\n' }],
      realSize: 1,
    })
    test = createTestDeps(database.db, { repository, projects: [project] })
  })
  afterEach(async () => {
    await test.close()
  })

  function ask(values: Partial<MergeInput> = {}): MergeInput {
    return {
      caller: memberCaller(3, AccessLevel.ACCESS_LEVEL_MAINTAINER),
      projectId: 0,
      iid: 0,
      committerName: 'Maintainer',
      committerEmail: 'm@example.com',
      ...values,
    }
  }

  it('merges with the default message and records merged state in one go', async () => {
    const row = await insertTestMergeRequest(database.db, {
      source_branch: 'done',
      title: 'Finish',
    })
    repository.setHead(1, 'done', 'head-1')
    repository.setHead(1, 'main', 'main-1')

    const merged = await mergeMergeRequest(test.deps, row, ask({ sha: 'head-1' }))
    expect(merged).toMatchObject({
      state: 'merged',
      mergeUserId: 3,
      mergeCommitSha: 'merge-sha',
      squashCommitSha: null,
    })
    expect(merged.mergedAt).not.toBeNull()
    const events = await database.db
      .selectFrom('event_outbox')
      .select('idempotency_key')
      .where('idempotency_key', 'like', `merge-requests:${row.id}:merged:%`)
      .execute()
    expect(events).toHaveLength(1)
    expect(repository.calls.merge[0]).toMatchObject({
      projectId: 1,
      sourceBranch: 'done',
      sourceSha: 'head-1',
      targetBranch: 'main',
      squash: false,
      removeSourceBranch: false,
      mergeCommitMessage: `Merge branch 'done' into 'main'\n\nFinish\n\nSee merge request group/app!${row.iid}`,
      squashCommitMessage: 'Finish',
      authorName: 'Maintainer',
    })
  })

  it('answers 409 for another sha and merges nothing', async () => {
    const row = await insertTestMergeRequest(database.db, { source_branch: 'sha' })
    repository.setHead(1, 'sha', 'head-1')
    repository.setHead(1, 'main', 'main-1')
    await expect(mergeMergeRequest(test.deps, row, ask({ sha: 'nope' }))).rejects.toMatchObject({
      kind: 'conflict',
      message: 'SHA does not match HEAD of source branch: head-1',
    })
    expect(repository.calls.merge).toHaveLength(0)
  })

  it('keeps the merge error and answers 422 when the repository refuses', async () => {
    const row = await insertTestMergeRequest(database.db, { source_branch: 'race' })
    repository.setHead(1, 'race', 'head-1')
    repository.setHead(1, 'main', 'main-1')
    repository.mergeRefusal = 'moved'
    await expect(mergeMergeRequest(test.deps, row, ask())).rejects.toMatchObject({
      message: 'Branch cannot be merged',
      reason: 'unprocessable',
    })
    const after = await database.db
      .selectFrom('merge_requests')
      .select(['state', 'merge_error'])
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow()
    expect(after).toEqual({
      state: 'opened',
      merge_error:
        'Branch has been updated since the merge was requested. Please review the changes.',
    })
  })
})
