import { CompareCommitsResponse } from '@suite/proto'
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js'
import { insertTestMergeRequest } from '../testing/test-merge-requests.js'
import { createTestDeps, FakeRepository, testProject, type TestDeps } from '../testing/test-deps.js'
import { notePushedCommits } from './commit-notes.js'
import { collectDiffVersion } from './diff-collection.js'

const BEFORE = 'b'.repeat(40)
const AFTER = 'a'.repeat(40)
const ZERO = '0'.repeat(40)

describe('notePushedCommits', () => {
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
    // Newest first, as the repository compares.
    repository.compare = CompareCommitsResponse.fromPartial({
      commits: [
        { id: AFTER, shortId: AFTER.slice(0, 8), title: 'Second' },
        { id: 'c'.repeat(40), shortId: 'cccccccc', title: 'First' },
      ],
      diffs: [{ oldPath: 'a', newPath: 'a', diff: '@@ -1 +1 @@\n-a\n+b\n' }],
      realSize: 1,
    })
    const project = testProject(1, undefined, { path: 'app', namespaceFullPath: 'group' })
    test = createTestDeps(database.db, { repository, projects: [project] })
  })
  afterEach(async () => {
    await test.close()
  })

  async function pushNotes(mergeRequestId: number) {
    return database.db
      .selectFrom('notes')
      .select(['body', 'author_id', 'system', 'push_key'])
      .where('merge_request_id', '=', mergeRequestId)
      .execute()
  }

  async function versionIds(mergeRequestId: number) {
    const rows = await database.db
      .selectFrom('merge_request_diffs')
      .select('id')
      .where('merge_request_id', '=', mergeRequestId)
      .execute()
    return rows.map((row) => row.id)
  }

  it('writes one note per push by the pusher, however often the update is applied', async () => {
    const row = await insertTestMergeRequest(database.db, { target_branch: 'main' })
    repository.setHead(1, row.sourceBranch, AFTER)
    repository.setHead(1, 'main', 'main-1')
    const update = {
      projectId: 1,
      branch: row.sourceBranch,
      before: BEFORE,
      after: AFTER,
      userId: 7,
    }

    expect(await notePushedCommits(test.deps, update)).toBe(1)
    expect(await notePushedCommits(test.deps, update)).toBe(0)

    const [diffId] = await versionIds(row.id)
    expect(await pushNotes(row.id)).toEqual([
      {
        body: [
          'added 2 commits',
          '<ul><li>cccccccc - First</li><li>aaaaaaaa - Second</li></ul>',
          `[Compare with previous version](/group/app/-/merge_requests/${row.iid}/diffs?diff_id=${diffId}&start_sha=${BEFORE})`,
        ].join('\n\n'),
        author_id: 7,
        system: true,
        push_key: `${BEFORE}..${AFTER}`,
      },
    ])
    const counts = await database.db
      .selectFrom('merge_requests')
      .select('user_notes_count')
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow()
    expect(counts.user_notes_count).toBe(0)
  })

  it('writes the note with a version a diff collection job recorded first', async () => {
    const row = await insertTestMergeRequest(database.db, { target_branch: 'main' })
    repository.setHead(1, row.sourceBranch, AFTER)
    repository.setHead(1, 'main', 'main-1')
    expect(await collectDiffVersion(test.deps, row.id)).toBe('created')
    const update = {
      projectId: 1,
      branch: row.sourceBranch,
      before: BEFORE,
      after: AFTER,
      userId: 7,
    }

    expect(await notePushedCommits(test.deps, update)).toBe(1)
    expect(await versionIds(row.id)).toHaveLength(1)
    expect(await pushNotes(row.id)).toHaveLength(1)
  })

  it('writes nothing without a pusher, for a deleted branch, or for a closed request', async () => {
    const row = await insertTestMergeRequest(database.db, { target_branch: 'main' })
    const closed = await insertTestMergeRequest(database.db, {
      target_branch: 'main',
      source_branch: row.sourceBranch,
      state: 'closed',
    })
    repository.setHead(1, row.sourceBranch, AFTER)
    repository.setHead(1, 'main', 'main-1')
    const update = { projectId: 1, branch: row.sourceBranch, before: BEFORE, after: AFTER }

    expect(await notePushedCommits(test.deps, update)).toBe(0)
    expect(await notePushedCommits(test.deps, { ...update, after: ZERO, userId: 7 })).toBe(0)
    expect(await pushNotes(row.id)).toEqual([])
    // Only the opened request from the branch gets one.
    expect(await notePushedCommits(test.deps, { ...update, userId: 7 })).toBe(1)
    expect(await pushNotes(closed.id)).toEqual([])
  })

  it('writes nothing when the push brought no commits (a force push that only removed some)', async () => {
    const row = await insertTestMergeRequest(database.db, { target_branch: 'main' })
    repository.setHead(1, row.sourceBranch, AFTER)
    repository.setHead(1, 'main', 'main-1')
    repository.compare = CompareCommitsResponse.fromPartial({})
    const update = {
      projectId: 1,
      branch: row.sourceBranch,
      before: BEFORE,
      after: AFTER,
      userId: 7,
    }

    expect(await notePushedCommits(test.deps, update)).toBe(0)
    expect(await pushNotes(row.id)).toEqual([])
  })
})
