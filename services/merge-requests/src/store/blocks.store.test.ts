import { isUniqueViolation } from '@suite/runtime'
import { createStores } from './stores.js'
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js'
import { insertTestMergeRequest } from '../testing/test-merge-requests.js'

let test: TestDatabase
beforeAll(async () => {
  test = await createTestDatabase()
})
afterAll(() => test.drop())

const stores = () => createStores(test.db)

describe('blocks store', () => {
  it('stores, finds, counts and removes blocks by side', async () => {
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => insertTestMergeRequest(test.db)))
    if (!a || !b || !c) throw new Error('fixture')
    const ab = await stores().blocks.insert(a.id, b.id)
    const cb = await stores().blocks.insert(c.id, b.id)
    expect((await stores().blocks.listAsBlockee(b.id)).map((r) => r.id)).toEqual([ab.id, cb.id])
    expect((await stores().blocks.listAsBlocker(a.id)).map((r) => r.id)).toEqual([ab.id])
    expect(await stores().blocks.countBlockedBy(b.id)).toBe(2)
    expect(await stores().blocks.countBlocking(b.id)).toBe(0)
    expect(await stores().blocks.exists(a.id, b.id)).toBe(true)
    expect(await stores().blocks.exists(b.id, a.id)).toBe(false)
    expect(await stores().blocks.findOfBlockee(b.id, ab.id)).toMatchObject({ id: ab.id })
    expect(await stores().blocks.findOfBlockee(a.id, ab.id)).toBeUndefined()
    await stores().blocks.delete(ab.id)
    expect(await stores().blocks.exists(a.id, b.id)).toBe(false)
  })

  it('raises unique_violation for a duplicate', async () => {
    const a = await insertTestMergeRequest(test.db)
    const b = await insertTestMergeRequest(test.db)
    await stores().blocks.insert(a.id, b.id)
    const error = await stores()
      .blocks.insert(a.id, b.id)
      .catch((e: unknown) => e)
    expect(isUniqueViolation(error)).toBe(true)
  })

  it('finds merge requests by global id in any project', async () => {
    const a = await insertTestMergeRequest(test.db, { target_project_id: 9 })
    expect((await stores().mergeRequests.findByIds([a.id, 999_999])).map((r) => r.id)).toEqual([
      a.id,
    ])
    expect(await stores().mergeRequests.findByIds([])).toEqual([])
  })
})
