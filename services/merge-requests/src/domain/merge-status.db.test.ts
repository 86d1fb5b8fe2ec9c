import { CheckMergeabilityResponse } from '@suite/proto'
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js'
import { insertTestMergeRequest } from '../testing/test-merge-requests.js'
import { checkMergeStatus, checkMergeStatusNow } from './merge-status.js'
import { createTestDeps, FakeRepository, type TestDeps } from '../testing/test-deps.js'

describe('checkMergeStatus', () => {
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
    test = createTestDeps(database.db, { repository })
  })
  afterEach(async () => {
    await test.close()
  })

  function read(id: number) {
    return database.db
      .selectFrom('merge_requests')
      .select([
        'merge_status',
        'has_conflicts',
        'diverged_commits_count',
        'merge_status_source_sha',
        'merge_status_target_sha',
      ])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  }

  it('moves unchecked to can_be_merged and skips the next check while nothing moved', async () => {
    const row = await insertTestMergeRequest(database.db, { source_branch: 'ok' })
    repository.setHead(1, 'ok', 's1')
    repository.setHead(1, 'main', 't1')
    repository.mergeability = CheckMergeabilityResponse.fromPartial({ divergedCommitsCount: 3 })

    expect(await checkMergeStatus(test.deps, row.id)).toBe('checked')
    expect(await read(row.id)).toEqual({
      merge_status: 'can_be_merged',
      has_conflicts: false,
      diverged_commits_count: 3,
      merge_status_source_sha: 's1',
      merge_status_target_sha: 't1',
    })
    expect(await checkMergeStatus(test.deps, row.id)).toBe('unchanged')
    expect(repository.calls.check).toBe(1)

    repository.setHead(1, 'main', 't2')
    expect(await checkMergeStatus(test.deps, row.id)).toBe('checked')
    expect(repository.calls.check).toBe(2)
  })

  it('stores conflicts as cannot_be_merged with has_conflicts', async () => {
    const row = await insertTestMergeRequest(database.db, { source_branch: 'clash' })
    repository.setHead(1, 'clash', 's1')
    repository.setHead(1, 'main', 't1')
    repository.mergeability = CheckMergeabilityResponse.fromPartial({ conflicts: true })
    await checkMergeStatus(test.deps, row.id)
    expect(await read(row.id)).toMatchObject({
      merge_status: 'cannot_be_merged',
      has_conflicts: true,
    })
  })

  it('marks a request without its source branch cannot_be_merged, without conflicts', async () => {
    const row = await insertTestMergeRequest(database.db, { source_branch: 'gone' })
    repository.setHead(1, 'main', 't1')
    await checkMergeStatus(test.deps, row.id)
    expect(await read(row.id)).toMatchObject({
      merge_status: 'cannot_be_merged',
      has_conflicts: false,
    })
    expect(repository.calls.check).toBe(0)
  })

  it('leaves closed requests alone', async () => {
    const row = await insertTestMergeRequest(database.db, { state: 'closed', source_branch: 'ok' })
    expect(await checkMergeStatus(test.deps, row.id)).toBe('skipped')
  })

  describe('checkMergeStatusNow (the check a merge waits for)', () => {
    /** Another process (a worker) moves the request to `checking` just before this one's first write. */
    async function racedByWorker(): Promise<number> {
      const row = await insertTestMergeRequest(database.db, { source_branch: 'ok' })
      repository.setHead(1, 'ok', 's1')
      repository.setHead(1, 'main', 't1')
      const store = test.deps.stores.mergeStatus
      const update = store.update.bind(store)
      let raced = false
      store.update = async (...args: Parameters<typeof update>) => {
        if (!raced) {
          raced = true
          await database.db
            .updateTable('merge_requests')
            .set({ merge_status: 'checking' })
            .where('id', '=', args[0])
            .execute()
        }
        return update(...args)
      }
      return row.id
    }

    it('runs the check again when a worker took the request to checking meanwhile', async () => {
      const id = await racedByWorker()
      expect(await checkMergeStatusNow(test.deps, id)).toBe('checked')
      expect((await read(id)).merge_status).toBe('can_be_merged')
    })

    it('gives up as checkMergeStatus does, where one try lost the race', async () => {
      const id = await racedByWorker()
      // One try alone leaves the request `checking`: what a merge then refused with 422.
      expect(await checkMergeStatus(test.deps, id)).toBe('superseded')
      expect((await read(id)).merge_status).toBe('checking')
    })
  })
})
