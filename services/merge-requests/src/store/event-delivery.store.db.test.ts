import type { EventRecord } from '@suite/proto'
import { createStores } from './stores.js'
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js'
import type { MergeRequestEvent } from '../domain/event-records.js'

let test: TestDatabase
beforeAll(async () => {
  test = await createTestDatabase()
})
afterAll(() => test.drop())

let next = 1
function opened(): MergeRequestEvent {
  const id = next++
  return {
    action: 'created',
    projectId: 7,
    authorId: 3,
    targetId: id,
    targetIid: id,
    targetTitle: 'Opened',
    createdAt: new Date(),
    idempotencyKey: `merge-requests:${id}:created:once`,
  }
}

const pending = async (key: string) =>
  (
    await test.db
      .selectFrom('event_outbox')
      .select('id')
      .where('idempotency_key', '=', key)
      .execute()
  ).length

/**
 * A change's activity events go to the projects service once its transaction
 * committed (issue 27: the merge request's `opened` event was read missing
 * right after the request was answered), and stay in the outbox for the relay.
 */
describe('activity events delivered after commit', () => {
  it("delivers a transaction's events once, after it committed", async () => {
    const delivered: { keys: string[]; committed: boolean[] }[] = []
    const stores = createStores(test.db, {
      eventsCommitted: async (records: readonly EventRecord[]) => {
        // Another connection sees the rows: the transaction has committed.
        const committed = await Promise.all(records.map((r) => pending(r.idempotencyKey)))
        delivered.push({
          keys: records.map((r) => r.idempotencyKey),
          committed: committed.map((n) => n === 1),
        })
      },
    })
    const [first, second] = [opened(), opened()]
    await stores.transaction(async (tx) => {
      await tx.outbox.add(first)
      // A nested transaction is the same one: its events wait for the outer commit.
      await tx.transaction((inner) => inner.outbox.add(second))
      expect(delivered).toEqual([])
    })
    expect(delivered).toEqual([
      { keys: [first.idempotencyKey, second.idempotencyKey], committed: [true, true] },
    ])
  })

  it('delivers nothing of a transaction that rolled back', async () => {
    const delivered: string[] = []
    const stores = createStores(test.db, {
      eventsCommitted: (records) => {
        delivered.push(...records.map((r) => r.idempotencyKey))
        return Promise.resolve()
      },
    })
    const event = opened()
    await expect(
      stores.transaction(async (tx) => {
        await tx.outbox.add(event)
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    expect(delivered).toEqual([])
    expect(await pending(event.idempotencyKey)).toBe(0)
  })

  it('delivers an event written outside a transaction at once', async () => {
    const delivered: string[] = []
    const stores = createStores(test.db, {
      eventsCommitted: (records) => {
        delivered.push(...records.map((r) => r.idempotencyKey))
        return Promise.resolve()
      },
    })
    const event = opened()
    await stores.outbox.add(event)
    expect(delivered).toEqual([event.idempotencyKey])
    expect(await pending(event.idempotencyKey)).toBe(1)
  })
})
