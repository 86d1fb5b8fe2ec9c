import { AccessLevel, CompareCommitsResponse } from '@suite/proto'
import { queueMetrics, Registry } from '@suite/runtime'
import type { Worker } from 'bullmq'
import { sweepStuckMergeRequests } from '../domain/sweep.js'
import { createTestDeps, FakeRepository, type TestDeps } from '../testing/test-deps.js'
import { until } from '../testing/until.js'
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js'
import { insertTestMergeRequest } from '../testing/test-merge-requests.js'
import {
  findProjectsWithoutAccessFacts,
  saveProjectAccessFacts,
} from '../store/project-access-facts.store.js'
import { startDiffCollectionWorker } from './diff-collection.worker.js'
import { startMergeStatusWorker } from './merge-status.worker.js'
import { DIFF_COLLECTION_QUEUE, mergeRequestJobId, mergeRequestQueue } from './queues.js'

describe('merge-requests workers', () => {
  let database: TestDatabase
  let repository: FakeRepository
  let test: TestDeps
  let workers: Worker[] = []

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
    test = createTestDeps(database.db, { repository })
  })
  afterEach(async () => {
    await Promise.all(workers.map((worker) => worker.close()))
    workers = []
    await test.close()
  })

  it('collapses repeated asks for the same request into one job', async () => {
    await test.deps.ports.queues.enqueueDiffCollection(123)
    await test.deps.ports.queues.enqueueDiffCollection(123)
    await test.deps.ports.queues.enqueueDiffCollection(124)
    const queue = mergeRequestQueue(test.redis, DIFF_COLLECTION_QUEUE)
    expect(await queue.getWaitingCount()).toBe(2)
  })

  it('collects a version, then checks the merge status', async () => {
    const row = await insertTestMergeRequest(database.db, { source_branch: 'work' })
    repository.setHead(1, 'work', 'head-1')
    repository.setHead(1, 'main', 'main-1')
    const context = {
      connection: test.redis,
      logger: test.deps.logger,
      metrics: queueMetrics(new Registry()),
    }
    workers = [
      startDiffCollectionWorker(context, test.deps),
      startMergeStatusWorker(context, test.deps),
    ]
    await test.deps.ports.queues.enqueueDiffCollection(row.id)
    const done = await until(
      () =>
        database.db
          .selectFrom('merge_requests')
          .select(['merge_status', 'latest_diff_id', 'prepared_at'])
          .where('id', '=', row.id)
          .executeTakeFirstOrThrow(),
      (value) => value.merge_status === 'can_be_merged',
    )
    expect(done.latest_diff_id).not.toBeNull()
    expect(done.prepared_at).not.toBeNull()
    // Asking again after the job finished runs it again; it records nothing new.
    const asked = Date.now()
    await test.deps.ports.queues.enqueueDiffCollection(row.id)
    const queue = mergeRequestQueue(test.redis, DIFF_COLLECTION_QUEUE)
    await until(
      () => queue.getJob(mergeRequestJobId('diffs', row.id)),
      (job) => (job?.finishedOn ?? 0) >= asked,
    )
    const versions = await database.db
      .selectFrom('merge_request_diffs')
      .select('id')
      .where('merge_request_id', '=', row.id)
      .execute()
    expect(versions).toHaveLength(1)
  })

  it('sweeps requests left without a version or a status check into diff collection', async () => {
    const old = new Date(Date.now() - 5 * 60_000)
    const withoutDiff = await insertTestMergeRequest(database.db, { created_at: old })
    const stuck = await insertTestMergeRequest(database.db, { merge_status: 'checking' })
    await database.db
      .updateTable('merge_requests')
      .set({ latest_diff_id: withoutDiff.id, merge_status_changed_at: old })
      .where('id', '=', stuck.id)
      .execute()
    await insertTestMergeRequest(database.db) // new: left alone

    const swept = await sweepStuckMergeRequests(test.deps)
    // Their project has no access facts yet: the sweep fetches it (the real
    // projects client records what it answers).
    expect(swept).toEqual({ diffs: 1, statuses: 1, accessFacts: 1 })
    // A stuck status may hide a stale version (a lost collection after a push):
    // collection runs again, and queues the status check after it.
    const diffs = mergeRequestQueue(test.redis, DIFF_COLLECTION_QUEUE)
    const waiting = (await diffs.getWaiting()).map((job) => job.data.mergeRequestId)
    expect(waiting.sort((a, b) => a - b)).toEqual([withoutDiff.id, stuck.id])
  })

  it('fetches only projects whose access facts are missing', async () => {
    const row = await insertTestMergeRequest(database.db)
    await saveProjectAccessFacts(database.db, [
      {
        projectId: row.targetProjectId,
        groupIds: [],
        ownerUserId: undefined,
        archived: false,
        readMergeRequest: {
          admin: true,
          anonymous: true,
          signedIn: true,
          memberMinLevel: AccessLevel.ACCESS_LEVEL_NO_ACCESS,
        },
        readIssue: {
          admin: true,
          anonymous: true,
          signedIn: true,
          memberMinLevel: AccessLevel.ACCESS_LEVEL_NO_ACCESS,
        },
        version: 1,
      },
    ])
    expect(await findProjectsWithoutAccessFacts(database.db, 10)).toEqual([])
  })
})
