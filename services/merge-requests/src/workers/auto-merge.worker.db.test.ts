import { AccessLevel } from '@suite/proto'
import {
  createPipelineFinishedPublisher,
  queueMetrics,
  Registry,
  type PipelineFinished,
} from '@suite/runtime'
import { UnrecoverableError, type Worker } from 'bullmq'
import { collectDiffVersion } from '../domain/diff-collection.js'
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js'
import { insertTestMergeRequest } from '../testing/test-merge-requests.js'
import { roleAbilities } from '../testing/test-callers.js'
import { createTestDeps, FakeRepository, testProject } from '../testing/test-deps.js'
import { until } from '../testing/until.js'
import { applyPipelineFinishedJob, startAutoMergeWorker } from './auto-merge.worker.js'

describe('auto-merge worker', () => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(async () => {
    await database.drop()
  })

  it('merges the request a finished pipeline heads, from the ci-triggers queue', async () => {
    const repository = FakeRepository.withOneCommit('head-1')
    const test = createTestDeps(database.db, {
      repository,
      projects: [testProject(1, roleAbilities(AccessLevel.ACCESS_LEVEL_DEVELOPER))],
      pipelines: [{ id: 900, projectId: 1, sha: 'head-1', status: 'success' }],
    })
    const context = {
      connection: test.redis,
      logger: test.deps.logger,
      metrics: queueMetrics(new Registry()),
    }
    let worker: Worker | undefined
    try {
      const row = await insertTestMergeRequest(database.db, {
        source_branch: 'queued',
        merge_when_pipeline_succeeds: true,
        merge_user_id: 4,
      })
      repository.setHead(1, 'queued', 'head-1')
      repository.setHead(1, 'main', 'main-1')
      await collectDiffVersion(test.deps, row.id)

      worker = startAutoMergeWorker(context, test.deps)
      const publisher = createPipelineFinishedPublisher(test.redis)
      const event: PipelineFinished = {
        projectId: 1,
        pipelineId: 900,
        ref: 'queued',
        sha: 'head-1',
        status: 'success',
        branch: true,
        finishedAt: new Date().toISOString(),
      }
      // Queued twice (a relay that crashed before deleting its row): one job.
      await publisher.publish(event)
      await publisher.publish(event)
      await publisher.close()

      const merged = await until(
        () =>
          database.db
            .selectFrom('merge_requests')
            .select(['state', 'merge_user_id', 'head_pipeline_id'])
            .where('id', '=', row.id)
            .executeTakeFirstOrThrow(),
        (value) => value.state === 'merged',
      )
      expect(merged).toEqual({ state: 'merged', merge_user_id: 4, head_pipeline_id: 900 })
      expect(repository.calls.merge).toHaveLength(1)
    } finally {
      await worker?.close()
      await test.close()
    }
  })

  it('fails a payload that is no pipeline-finished event for good', async () => {
    const deps = createTestDeps(database.db)
    try {
      await expect(applyPipelineFinishedJob(deps.deps, 'junk')).rejects.toBeInstanceOf(
        UnrecoverableError,
      )
      const created = { projectId: 1, pipelineId: 2, ref: 'a', sha: 'b' }
      await expect(applyPipelineFinishedJob(deps.deps, created)).rejects.toBeInstanceOf(
        UnrecoverableError,
      )
    } finally {
      await deps.close()
    }
  })
})
