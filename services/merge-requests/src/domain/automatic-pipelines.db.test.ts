import { AccessLevel, CompareCommitsResponse } from '@suite/proto'
import { roleAbilities } from '../testing/test-callers.js'
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js'
import {
  createTestDeps,
  FakeRepository,
  testProject,
  type CreatedTestPipeline,
  type TestDeps,
  type TestWorld,
} from '../testing/test-deps.js'
import { insertTestMergeRequest } from '../testing/test-merge-requests.js'
import { carryOutPipelineAsk, decodePipelineAsk } from './automatic-pipelines.js'
import { collectDiffVersion } from './diff-collection.js'
import { refreshHeadPipeline } from './head-pipeline.js'

const HEAD = 'a'.repeat(40)
const NEWER = 'b'.repeat(40)
const MAIN = 'c'.repeat(40)

const compare = CompareCommitsResponse.fromPartial({
  commits: [{ id: HEAD, shortId: 'aaaaaaaa', title: 'Work', message: 'Work\n', parentIds: [MAIN] }],
  diffs: [{ oldPath: 'a.txt', newPath: 'a.txt', aMode: '0', bMode: '100644', newFile: true }],
  realSize: 1,
})

describe('merge request pipelines asked for by opens and pushes', () => {
  let database: TestDatabase
  let repository: FakeRepository
  let created: CreatedTestPipeline[]
  let test: TestDeps

  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(async () => {
    await database.drop()
  })
  afterEach(async () => {
    await test.close()
  })

  function start(world: Partial<TestWorld> = {}): void {
    repository = new FakeRepository()
    repository.compare = compare
    created = []
    test = createTestDeps(database.db, {
      repository,
      projects: [testProject(1, roleAbilities(AccessLevel.ACCESS_LEVEL_DEVELOPER))],
      createdPipelines: created,
      ...world,
    })
  }

  async function openRequest() {
    const mergeRequest = await insertTestMergeRequest(database.db)
    repository.setHead(1, mergeRequest.sourceBranch, HEAD)
    repository.setHead(1, 'main', MAIN)
    return mergeRequest
  }

  const headPipelineOf = async (id: number) =>
    (
      await database.db
        .selectFrom('merge_requests')
        .select('head_pipeline_id')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).head_pipeline_id

  it("creates the diff head's detached pipeline as the asking user, once per head", async () => {
    start()
    const mergeRequest = await openRequest()
    const ask = { mergeRequestId: mergeRequest.id, userId: 7 }
    expect(await carryOutPipelineAsk(test.deps, ask)).toBe('created')
    // The job again, and the push's ask for the same head: still one pipeline.
    expect(await carryOutPipelineAsk(test.deps, ask)).toBe('created')
    expect(await carryOutPipelineAsk(test.deps, { ...ask, sha: HEAD })).toBe('created')
    expect(created).toEqual([
      {
        id: 1000,
        sha: HEAD,
        ref: `refs/merge-requests/${mergeRequest.iid}/head`,
        source: 'merge_request_event',
        idempotencyKey: `merge-request-pipeline-${mergeRequest.id}-${HEAD}`,
        userId: 7,
      },
    ])
    expect(await headPipelineOf(mergeRequest.id)).toBe(1000)
  })

  it('drops an ask for a head the branch has left, and one for a closed request', async () => {
    start()
    const mergeRequest = await openRequest()
    repository.setHead(1, mergeRequest.sourceBranch, NEWER)
    const ask = { mergeRequestId: mergeRequest.id, userId: 7, sha: HEAD }
    expect(await carryOutPipelineAsk(test.deps, ask)).toBe('moved')
    const closed = await insertTestMergeRequest(database.db, { state: 'closed' })
    expect(await carryOutPipelineAsk(test.deps, { mergeRequestId: closed.id, userId: 7 })).toBe(
      'not_opened',
    )
    expect(created).toEqual([])
  })

  it('creates none where ci-triggers saves none, or for a user who may not create one', async () => {
    start({ createdPipelines: undefined })
    const mergeRequest = await openRequest()
    const ask = { mergeRequestId: mergeRequest.id, userId: 7 }
    expect(await carryOutPipelineAsk(test.deps, ask)).toBe('not_created')
    await test.close()
    start({ projects: [testProject(1, roleAbilities(AccessLevel.ACCESS_LEVEL_REPORTER))] })
    const other = await openRequest()
    expect(await carryOutPipelineAsk(test.deps, { ...ask, mergeRequestId: other.id })).toBe(
      'not_created',
    )
    // A user who is gone (ids from 100 do not exist here).
    expect(await carryOutPipelineAsk(test.deps, { ...ask, userId: 500 })).toBe('no_user')
    expect([created, await headPipelineOf(mergeRequest.id)]).toEqual([[], null])
  })
})

describe('refreshHeadPipeline: MergeRequest#update_head_pipeline', () => {
  let database: TestDatabase
  let test: TestDeps

  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(async () => {
    await database.drop()
    await test.close()
  })

  it('makes a pipeline that came before the diff version the head pipeline', async () => {
    const repository = new FakeRepository()
    repository.compare = compare
    test = createTestDeps(database.db, {
      repository,
      pipelines: [
        { id: 5, projectId: 1, sha: HEAD, status: 'pending' },
        { id: 4, projectId: 1, sha: HEAD, status: 'failed' },
        { id: 6, projectId: 1, sha: NEWER, status: 'pending' },
      ],
    })
    const mergeRequest = await insertTestMergeRequest(database.db)
    repository.setHead(1, mergeRequest.sourceBranch, HEAD)
    repository.setHead(1, 'main', MAIN)
    // No version yet: nothing to compare with.
    expect(await refreshHeadPipeline(test.deps, mergeRequest.id)).toBeUndefined()
    expect(await collectDiffVersion(test.deps, mergeRequest.id)).toBe('created')
    expect(await refreshHeadPipeline(test.deps, mergeRequest.id)).toBe(5)
    // Already the head pipeline: nothing to write.
    expect(await refreshHeadPipeline(test.deps, mergeRequest.id)).toBeUndefined()
    const row = await database.db
      .selectFrom('merge_requests')
      .select('head_pipeline_id')
      .where('id', '=', mergeRequest.id)
      .executeTakeFirstOrThrow()
    expect(row.head_pipeline_id).toBe(5)
  })
})

describe('decodePipelineAsk', () => {
  it('refuses a payload that is not an ask', () => {
    expect(decodePipelineAsk({ mergeRequestId: 1, userId: 2 })).toEqual({
      mergeRequestId: 1,
      userId: 2,
    })
    expect(decodePipelineAsk({ mergeRequestId: 1, userId: 2, sha: HEAD })).toEqual({
      mergeRequestId: 1,
      userId: 2,
      sha: HEAD,
    })
    for (const bad of [null, 'x', { mergeRequestId: 0, userId: 2 }, { mergeRequestId: 1 }]) {
      expect(decodePipelineAsk(bad)).toBeUndefined()
    }
    expect(decodePipelineAsk({ mergeRequestId: 1, userId: 2, sha: 'main' })).toBeUndefined()
  })
})
