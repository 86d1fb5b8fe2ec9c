import { AccessLevel } from '@suite/proto'
import type { PipelineFinished } from '@suite/runtime'
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js'
import { insertTestMergeRequest } from '../testing/test-merge-requests.js'
import { roleAbilities } from '../testing/test-callers.js'
import {
  createTestDeps,
  FakeRepository,
  testProject,
  type TestDeps,
  type TestWorld,
} from '../testing/test-deps.js'
import { AUTO_MERGE_ERRORS, AutoMergeBusyError, processFinishedPipeline } from './auto-merge.js'
import { collectDiffVersion } from './diff-collection.js'

const MERGE_USER = 3
const HEAD = 'head-1'

describe('processFinishedPipeline', () => {
  let database: TestDatabase
  let repository: FakeRepository
  let test: TestDeps
  let nextPipelineId = 500

  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(async () => {
    await database.drop()
  })
  beforeEach(() => {
    repository = FakeRepository.withOneCommit(HEAD)
  })
  afterEach(async () => {
    await test.close()
  })

  /** The world of one test: project 1, where the merge user has `level`, and its pipelines. */
  function world(
    pipelines: TestWorld['pipelines'],
    level = AccessLevel.ACCESS_LEVEL_MAINTAINER,
    values: Partial<TestWorld> = {},
  ): void {
    const project = testProject(1, roleAbilities(level), {
      path: 'app',
      namespaceFullPath: 'group',
      mergeMethod: 'merge',
      squashOption: 'default_off',
      flags: { remove_source_branch_after_merge: false },
    })
    test = createTestDeps(database.db, { repository, projects: [project], pipelines, ...values })
  }

  /** An opened request from `branch` with auto-merge set by MERGE_USER and its diff collected. */
  async function waitingRequest(branch: string, headPipelineId: number | null) {
    const row = await insertTestMergeRequest(database.db, {
      source_branch: branch,
      merge_when_pipeline_succeeds: true,
      merge_user_id: MERGE_USER,
      head_pipeline_id: headPipelineId,
      should_remove_source_branch: false,
    })
    repository.setHead(1, branch, HEAD)
    repository.setHead(1, 'main', 'main-1')
    await collectDiffVersion(test.deps, row.id)
    return row
  }

  function finished(
    pipelineId: number,
    branch: string,
    status: PipelineFinished['status'],
    values: Partial<PipelineFinished> = {},
  ): PipelineFinished {
    return {
      projectId: 1,
      pipelineId,
      ref: branch,
      sha: HEAD,
      status,
      branch: true,
      finishedAt: new Date().toISOString(),
      ...values,
    }
  }

  /**
   * A request from `branch` waiting (auto-merge set by MERGE_USER, who has
   * `level`) for a new pipeline of its head that finished with `status`;
   * `headed: false` leaves the pipeline not yet its head pipeline.
   */
  async function scenario(
    branch: string,
    status: PipelineFinished['status'],
    options: { level?: AccessLevel; world?: Partial<TestWorld>; headed?: boolean } = {},
  ) {
    const pipelineId = nextPipelineId++
    world([{ id: pipelineId, projectId: 1, sha: HEAD, status }], options.level, options.world)
    const row = await waitingRequest(branch, options.headed === false ? null : pipelineId)
    return { row, pipelineId, event: finished(pipelineId, branch, status) }
  }

  /** What processing the event did, request by request (ids as `row`). */
  const outcomes = async (event: PipelineFinished) =>
    (await processFinishedPipeline(test.deps, event)).map((result) => [
      result.mergeRequestId,
      result.outcome,
    ])

  const stored = (id: number) =>
    database.db
      .selectFrom('merge_requests')
      .select([
        'state',
        'merge_when_pipeline_succeeds',
        'merge_user_id',
        'merge_error',
        'head_pipeline_id',
        'merge_commit_sha',
      ])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()

  it('merges on success as the merge user, once however often the event comes', async () => {
    const { row, event } = await scenario('auto-success', 'success')
    expect(await outcomes(event)).toEqual([[row.id, 'merged']])
    expect(await stored(row.id)).toMatchObject({
      state: 'merged',
      merge_user_id: MERGE_USER,
      merge_when_pipeline_succeeds: false,
      merge_commit_sha: 'merge-sha',
    })
    expect(repository.calls.merge).toHaveLength(1)
    expect(repository.calls.merge[0]).toMatchObject({
      sourceBranch: 'auto-success',
      sourceSha: HEAD,
      targetBranch: 'main',
      authorName: `User ${MERGE_USER}`,
      authorEmail: `user${MERGE_USER}@example.com`,
      removeSourceBranch: false,
    })
    expect(repository.calls.merge[0]?.caller).toMatchObject({ userId: MERGE_USER })

    // Redelivered: nothing waits for it any more.
    expect(await outcomes(event)).toEqual([])
    expect(repository.calls.merge).toHaveLength(1)
  })

  it.each(['failed', 'canceled'] as const)(
    'cancels auto-merge when the pipeline %s, leaving the request opened',
    async (status) => {
      const { row, event } = await scenario(`auto-${status}`, status)
      expect(await outcomes(event)).toEqual([[row.id, 'cancelled']])
      expect(await stored(row.id)).toMatchObject({
        state: 'opened',
        merge_when_pipeline_succeeds: false,
        merge_user_id: null,
        merge_error: null,
      })
      expect(await outcomes(event)).toEqual([])
      expect(repository.calls.merge).toHaveLength(0)
    },
  )

  it('leaves a request waiting on a skipped pipeline, and one whose head moved on', async () => {
    const { row, pipelineId, event } = await scenario('auto-skipped', 'skipped')
    expect(await outcomes(event)).toEqual([[row.id, 'waiting']])
    // A pipeline of an older commit of the branch decides nothing.
    const old = finished(nextPipelineId++, 'auto-skipped', 'failed', { sha: 'old-sha' })
    expect(await outcomes(old)).toEqual([])
    expect(await stored(row.id)).toMatchObject({
      state: 'opened',
      merge_when_pipeline_succeeds: true,
      merge_user_id: MERGE_USER,
      head_pipeline_id: pipelineId,
    })
  })

  it('makes a branch pipeline the head first, whichever event comes first', async () => {
    const { row, pipelineId, event } = await scenario('auto-early', 'success', { headed: false })
    // A tag's pipeline of the same name heads nothing.
    const tag = { ...event, branch: false }
    expect(await outcomes(tag)).toEqual([])
    expect(await stored(row.id)).toMatchObject({ state: 'opened', head_pipeline_id: null })

    expect(await outcomes(event)).toEqual([[row.id, 'merged']])
    expect(await stored(row.id)).toMatchObject({ state: 'merged', head_pipeline_id: pipelineId })
  })

  it.each([
    ['may no longer merge', 'auto-reporter', { level: AccessLevel.ACCESS_LEVEL_REPORTER }],
    ['is blocked', 'auto-blocked', { world: { blockedUserIds: [MERGE_USER] } }],
  ] as const)('cancels when the merge user %s', async (_why, branch, options) => {
    const { row, event } = await scenario(branch, 'success', options)
    expect(await outcomes(event)).toEqual([[row.id, 'cancelled']])
    expect(await stored(row.id)).toMatchObject({
      state: 'opened',
      merge_when_pipeline_succeeds: false,
      merge_user_id: null,
      merge_error: AUTO_MERGE_ERRORS.notAllowed,
    })
    expect(repository.calls.merge).toHaveLength(0)
  })

  it('cancels when the repository refuses the merge, keeping its reason', async () => {
    const { row, event } = await scenario('auto-conflict', 'success')
    repository.mergeRefusal = 'conflict'
    expect(await outcomes(event)).toEqual([[row.id, 'cancelled']])
    expect(await stored(row.id)).toMatchObject({
      state: 'opened',
      merge_when_pipeline_succeeds: false,
      merge_error: 'Conflicts detected during merge',
    })
  })

  it('throws for a retry, merging nothing, while another delivery holds the request', async () => {
    const { row, event } = await scenario('auto-busy', 'success')
    await test.deps.stores.autoMerge.withLock(row.id, async () => {
      await expect(processFinishedPipeline(test.deps, event)).rejects.toBeInstanceOf(
        AutoMergeBusyError,
      )
    })
    expect(repository.calls.merge).toHaveLength(0)
    expect(await outcomes(event)).toEqual([[row.id, 'merged']])
  })

  it('throws a failure of another service for a retry, leaving auto-merge set', async () => {
    const { row, event } = await scenario('auto-down', 'success')
    // ci-triggers is down when the merge rules read the head pipeline's status.
    test.deps.ports.pipelines.findMany = () => Promise.reject(new Error('14 UNAVAILABLE'))
    await expect(processFinishedPipeline(test.deps, event)).rejects.toThrow('UNAVAILABLE')
    expect(await stored(row.id)).toMatchObject({
      state: 'opened',
      merge_when_pipeline_succeeds: true,
      merge_user_id: MERGE_USER,
    })
  })
})
