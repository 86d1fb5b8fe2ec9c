import { CompareCommitsResponse } from '@suite/proto'
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js'
import { toMergeRequest } from '../store/merge-request-rows.js'
import { insertTestMergeRequest } from '../testing/test-merge-requests.js'
import { collectDiffVersion } from './diff-collection.js'
import { getVersion, listLatestDiffs, listVersions } from './diff-reads.js'
import { createTestDeps, FakeRepository, type TestDeps } from '../testing/test-deps.js'

const compare = CompareCommitsResponse.fromPartial({
  commits: [
    {
      id: 'head-1',
      shortId: 'head-1',
      title: 'Second',
      message: 'Second\n\nSigned-off-by: A <a@example.com>\n',
      trailers: [{ key: 'Signed-off-by', value: 'A <a@example.com>' }],
      parentIds: ['c1'],
    },
    { id: 'c1', shortId: 'c1', title: 'First', message: 'First\n', parentIds: ['base-sha'] },
  ],
  diffs: [
    {
      oldPath: 'a.txt',
      newPath: 'a.txt',
      aMode: '100644',
      bMode: '100644',
      diff: '@@ -1 +1 @@\n-a\n+b\n',
    },
    {
      oldPath: 'b.txt',
      newPath: 'b.txt',
      aMode: '0',
      bMode: '100644',
      newFile: true,
      diff: '@@ -0,0 +1 @@\n+b\n',
    },
  ],
  realSize: 2,
  patchId: 'patch-1',
})

describe('collectDiffVersion', () => {
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
    repository.compare = compare
    test = createTestDeps(database.db, { repository })
  })
  afterEach(async () => {
    await test.close()
  })

  it('records one version however often the same job runs', async () => {
    const row = await insertTestMergeRequest(database.db, {
      source_branch: 'feature',
      target_branch: 'main',
    })
    repository.setHead(1, 'feature', 'head-1')
    repository.setHead(1, 'main', 'main-1')

    expect(await collectDiffVersion(test.deps, row.id)).toBe('created')
    const first = await database.db
      .selectFrom('merge_requests')
      .selectAll()
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow()
    expect(await collectDiffVersion(test.deps, row.id)).toBe('exists')
    const second = await database.db
      .selectFrom('merge_requests')
      .selectAll()
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow()

    const versions = await listVersions(test.deps, toMergeRequest(second))
    expect(versions).toHaveLength(1)
    expect(versions[0]).toMatchObject({
      headCommitSha: 'head-1',
      baseCommitSha: 'base-sha',
      startCommitSha: 'main-1',
      state: 'collected',
      realSize: '2',
      patchIdSha: 'patch-1',
      mergeRequestId: row.id,
    })
    expect(second.latest_diff_id).toBe(versions[0]?.id)
    expect(first.prepared_at).not.toBeNull()
    expect(second.prepared_at).toEqual(first.prepared_at)
  })

  it('records a new version when a branch moves, keeping prepared_at', async () => {
    const row = await insertTestMergeRequest(database.db, {
      source_branch: 'moving',
      target_branch: 'main',
    })
    repository.setHead(1, 'moving', 'head-1')
    repository.setHead(1, 'main', 'main-1')
    await collectDiffVersion(test.deps, row.id)
    const before = await database.db
      .selectFrom('merge_requests')
      .selectAll()
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow()

    repository.setHead(1, 'main', 'main-2')
    expect(await collectDiffVersion(test.deps, row.id)).toBe('created')
    const after = await database.db
      .selectFrom('merge_requests')
      .selectAll()
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow()
    const versions = await listVersions(test.deps, toMergeRequest(after))
    expect(versions.map((version) => version.startCommitSha)).toEqual(['main-2', 'main-1'])
    expect(after.latest_diff_id).toBe(versions[0]?.id)
    expect(after.prepared_at).toEqual(before.prepared_at)
  })

  it('says moved when a branch moved while the version was recorded', async () => {
    const row = await insertTestMergeRequest(database.db, { source_branch: 'racing' })
    repository.setHead(1, 'racing', 'head-1')
    repository.setHead(1, 'main', 'main-1')
    repository.onCompare = () => repository.setHead(1, 'racing', 'head-2')
    expect(await collectDiffVersion(test.deps, row.id)).toBe('moved')
  })

  it('records nothing without the source branch, or for a closed request', async () => {
    const missing = await insertTestMergeRequest(database.db, { source_branch: 'gone' })
    repository.setHead(1, 'main', 'main-1')
    expect(await collectDiffVersion(test.deps, missing.id)).toBe('source_missing')
    const closed = await insertTestMergeRequest(database.db, {
      state: 'closed',
      source_branch: 'feature',
    })
    repository.setHead(1, 'feature', 'head-1')
    expect(await collectDiffVersion(test.deps, closed.id)).toBe('skipped')
    const rows = await database.db
      .selectFrom('merge_request_diffs')
      .select('id')
      .where('merge_request_id', 'in', [missing.id, closed.id])
      .execute()
    expect(rows).toHaveLength(0)
    expect(repository.calls.compare).toBe(0)
  })

  it('reads the version back with commits, trailers and unidiff diffs', async () => {
    const row = await insertTestMergeRequest(database.db, { source_branch: 'readback' })
    repository.setHead(1, 'readback', 'head-1')
    repository.setHead(1, 'main', 'main-1')
    await collectDiffVersion(test.deps, row.id)
    const current = toMergeRequest(
      await database.db
        .selectFrom('merge_requests')
        .selectAll()
        .where('id', '=', row.id)
        .executeTakeFirstOrThrow(),
    )
    const version = await getVersion(test.deps, current, current.latestDiffId ?? 0, true)
    expect(version.commits.map((commit) => commit.id)).toEqual(['head-1', 'c1'])
    expect(version.commits[0]?.trailers).toEqual([
      { key: 'Signed-off-by', value: 'A <a@example.com>' },
    ])
    expect(version.diffs[1]?.diff).toBe('--- /dev/null\n+++ b/b.txt\n@@ -0,0 +1 @@\n+b\n')
    await expect(getVersion(test.deps, current, 999_999, false)).rejects.toMatchObject({
      reason: 'record_not_found',
    })
    const page = await listLatestDiffs(test.deps, current, { page: 2, perPage: 1 }, false)
    expect(page.total).toBe(2)
    expect(page.diffs.map((file) => file.newPath)).toEqual(['b.txt'])
  })
})
