import { AccessLevel } from '@suite/proto'
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  PreconditionError,
  RecordNotFoundError,
} from '@suite/runtime'
import type { MergeRequest } from './merge-request.js'
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js'
import { insertTestMergeRequest } from '../testing/test-merge-requests.js'
import { createStores } from '../store/stores.js'
import { MAX_BLOCKS, createBlock, deleteBlock, listBlockees, listBlocks } from './blocks.js'
import { memberCaller, publicAbilities, roleAbilities } from '../testing/test-callers.js'
import { testDeps, testProject } from '../testing/test-deps.js'

const insertBlock = (blockingId: number, blockedId: number) =>
  createStores(test.db).blocks.insert(blockingId, blockedId)

const DEVELOPER = memberCaller(20, AccessLevel.ACCESS_LEVEL_DEVELOPER)
const REPORTER = memberCaller(21, AccessLevel.ACCESS_LEVEL_REPORTER)

let test: TestDatabase
beforeAll(async () => {
  test = await createTestDatabase()
})
afterAll(() => test.drop())

const keyOf = (row: MergeRequest) => ({ projectId: row.targetProjectId, iid: row.iid })

describe('createBlock: MergeRequests::CreateBlockService in its order', () => {
  it('stores the block and answers both requests, project_id the blocked one', async () => {
    const deps = testDeps(test.db)
    const blocked = await insertTestMergeRequest(test.db)
    const blocking = await insertTestMergeRequest(test.db)
    const block = await createBlock(deps, DEVELOPER, keyOf(blocked), blocking.id)
    expect(block.blockingMergeRequest?.id).toBe(blocking.id)
    expect(block.blockedMergeRequest?.id).toBe(blocked.id)
    expect(block.projectId).toBe(1)
    const listed = await listBlocks(deps, DEVELOPER, keyOf(blocked))
    expect(listed.map((b) => b.id)).toEqual([block.id])
    const blockees = await listBlockees(deps, DEVELOPER, keyOf(blocking))
    expect(blockees.map((b) => b.blockedMergeRequest?.id)).toEqual([blocked.id])
  })

  it('is 403 without update permission on the blocked request (before anything else)', async () => {
    const blocked = await insertTestMergeRequest(test.db)
    await expect(createBlock(testDeps(test.db), REPORTER, keyOf(blocked), 999_999)).rejects.toEqual(
      new ForbiddenError('Lacking permissions to update the merge request'),
    )
  })

  it("lets the blocked request's author (a reporter) create one", async () => {
    const blocked = await insertTestMergeRequest(test.db, { author_id: REPORTER.userId! })
    const blocking = await insertTestMergeRequest(test.db)
    const deps = testDeps(test.db, { projects: [testProject(1, undefined)] })
    const block = await createBlock(deps, REPORTER, keyOf(blocked), blocking.id)
    expect(block.blockedMergeRequest?.id).toBe(blocked.id)
  })

  it('is 404 for an unknown blocking id', async () => {
    const blocked = await insertTestMergeRequest(test.db)
    await expect(
      createBlock(testDeps(test.db), DEVELOPER, keyOf(blocked), 999_999),
    ).rejects.toBeInstanceOf(NotFoundError)
  })

  it('is 403 when the blocking request is in a project the caller cannot read', async () => {
    const blocked = await insertTestMergeRequest(test.db)
    const hidden = await insertTestMergeRequest(test.db, { target_project_id: 2 })
    await expect(
      createBlock(testDeps(test.db), DEVELOPER, keyOf(blocked), hidden.id),
    ).rejects.toEqual(new ForbiddenError('Lacking permissions to the blocking merge request'))
  })

  it('is 403 when that project is visible but its merge requests are not (private, guest)', async () => {
    const blocked = await insertTestMergeRequest(test.db)
    const other = await insertTestMergeRequest(test.db, { target_project_id: 3 })
    const deps = testDeps(test.db, {
      projects: [testProject(3, roleAbilities(AccessLevel.ACCESS_LEVEL_GUEST, 3))],
    })
    await expect(createBlock(deps, DEVELOPER, keyOf(blocked), other.id)).rejects.toBeInstanceOf(
      ForbiddenError,
    )
  })

  it('blocks across projects the caller can read', async () => {
    const blocked = await insertTestMergeRequest(test.db)
    const other = await insertTestMergeRequest(test.db, { target_project_id: 4 })
    const deps = testDeps(test.db, {
      projects: [testProject(4, publicAbilities(4), { visibility: 'public' })],
    })
    const block = await createBlock(deps, DEVELOPER, keyOf(blocked), other.id)
    expect(block.blockingMergeRequest?.targetProjectId).toBe(4)
    expect(block.projectId).toBe(1)
  })

  it('is 409 when the block exists', async () => {
    const blocked = await insertTestMergeRequest(test.db)
    const blocking = await insertTestMergeRequest(test.db)
    await insertBlock(blocking.id, blocked.id)
    await expect(
      createBlock(testDeps(test.db), DEVELOPER, keyOf(blocked), blocking.id),
    ).rejects.toEqual(new ConflictError('409 Conflict - Block already exists'))
  })

  it('is 400 for a self-referential block', async () => {
    const row = await insertTestMergeRequest(test.db)
    const error = await createBlock(testDeps(test.db), DEVELOPER, keyOf(row), row.id).catch(
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(PreconditionError)
    expect(error).toMatchObject({
      reason: 'bad_request',
      message: '400 Bad request - This block is self-referential',
    })
  })

  it('is 400 past the limits GitLab counts', async () => {
    const blocked = await insertTestMergeRequest(test.db)
    for (let i = 0; i < MAX_BLOCKS; i++) {
      const other = await insertTestMergeRequest(test.db)
      await insertBlock(blocked.id, other.id)
    }
    const blocking = await insertTestMergeRequest(test.db)
    await expect(
      createBlock(testDeps(test.db), DEVELOPER, keyOf(blocked), blocking.id),
    ).rejects.toMatchObject({
      message: '400 Bad request - Merge request blocks the maximum number of merge requests (10)',
    })
  })
})

describe('listing: a side the caller cannot read is left out', () => {
  it('omits the blocking request of an unreadable project', async () => {
    const blocked = await insertTestMergeRequest(test.db)
    const hidden = await insertTestMergeRequest(test.db, { target_project_id: 5 })
    await insertBlock(hidden.id, blocked.id)
    const [block] = await listBlocks(testDeps(test.db), DEVELOPER, keyOf(blocked))
    expect(block?.blockingMergeRequest).toBeUndefined()
    expect(block?.blockedMergeRequest?.id).toBe(blocked.id)
  })
})

describe('deleteBlock', () => {
  it('removes the block', async () => {
    const blocked = await insertTestMergeRequest(test.db)
    const blocking = await insertTestMergeRequest(test.db)
    const block = await insertBlock(blocking.id, blocked.id)
    await deleteBlock(testDeps(test.db), DEVELOPER, keyOf(blocked), block.id)
    expect(await listBlocks(testDeps(test.db), DEVELOPER, keyOf(blocked))).toEqual([])
  })

  it('is 403 without update permission, before looking at the block', async () => {
    const blocked = await insertTestMergeRequest(test.db)
    await expect(deleteBlock(testDeps(test.db), REPORTER, keyOf(blocked), 999_999)).rejects.toEqual(
      new ForbiddenError(),
    )
  })

  it('is 404 for a block of another request', async () => {
    const blocked = await insertTestMergeRequest(test.db)
    const other = await insertTestMergeRequest(test.db)
    const block = await insertBlock(blocked.id, other.id)
    await expect(
      deleteBlock(testDeps(test.db), DEVELOPER, keyOf(blocked), block.id),
    ).rejects.toBeInstanceOf(RecordNotFoundError)
  })

  it('is 403 when the blocking request is unreadable', async () => {
    const blocked = await insertTestMergeRequest(test.db)
    const hidden = await insertTestMergeRequest(test.db, { target_project_id: 6 })
    const block = await insertBlock(hidden.id, blocked.id)
    await expect(
      deleteBlock(testDeps(test.db), DEVELOPER, keyOf(blocked), block.id),
    ).rejects.toEqual(new ForbiddenError())
  })
})
