import { isUniqueViolation } from '@suite/runtime'
import {
  blockExists,
  countBlocks,
  deleteBlock,
  findBlockOfBlockee,
  findMergeRequestsByIds,
  insertBlock,
  listBlocksAsBlockee,
  listBlocksAsBlocker,
} from './blocks.store.js'
import { createTestDatabase, type TestDatabase } from './test-database.js'
import { insertTestMergeRequest } from './test-merge-requests.js'

let test: TestDatabase
beforeAll(async () => {
  test = await createTestDatabase()
})
afterAll(() => test.drop())

describe('blocks store', () => {
  it('stores, finds, counts and removes blocks by side', async () => {
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => insertTestMergeRequest(test.db)))
    if (!a || !b || !c) throw new Error('fixture')
    const ab = await insertBlock(test.db, a.id, b.id)
    const cb = await insertBlock(test.db, c.id, b.id)
    expect((await listBlocksAsBlockee(test.db, b.id)).map((r) => r.id)).toEqual([ab.id, cb.id])
    expect((await listBlocksAsBlocker(test.db, a.id)).map((r) => r.id)).toEqual([ab.id])
    expect(await countBlocks(test.db, 'blocked_merge_request_id', b.id)).toBe(2)
    expect(await countBlocks(test.db, 'blocking_merge_request_id', b.id)).toBe(0)
    expect(await blockExists(test.db, a.id, b.id)).toBe(true)
    expect(await blockExists(test.db, b.id, a.id)).toBe(false)
    expect(await findBlockOfBlockee(test.db, b.id, ab.id)).toMatchObject({ id: ab.id })
    expect(await findBlockOfBlockee(test.db, a.id, ab.id)).toBeUndefined()
    await deleteBlock(test.db, ab.id)
    expect(await blockExists(test.db, a.id, b.id)).toBe(false)
  })

  it('raises unique_violation for a duplicate', async () => {
    const a = await insertTestMergeRequest(test.db)
    const b = await insertTestMergeRequest(test.db)
    await insertBlock(test.db, a.id, b.id)
    const error = await insertBlock(test.db, a.id, b.id).catch((e: unknown) => e)
    expect(isUniqueViolation(error)).toBe(true)
  })

  it('finds merge requests by global id in any project', async () => {
    const a = await insertTestMergeRequest(test.db, { target_project_id: 9 })
    expect((await findMergeRequestsByIds(test.db, [a.id, 999_999])).map((r) => r.id)).toEqual([
      a.id,
    ])
    expect(await findMergeRequestsByIds(test.db, [])).toEqual([])
  })
})
