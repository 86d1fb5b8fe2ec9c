import type { Redis } from 'ioredis'
import type { QueryExecutorProvider } from 'kysely'
import type { EventRecord } from '@suite/proto'
import type { EventPublisher } from './activity-events.js'
import { startOutboxRelay } from './event-outbox-relay.js'
import type { OutboxTransactions, PendingEvent } from './event-outbox-store.js'
import type { Logger } from './logger.js'
import { Registry } from './metrics.js'

function event(key: string): EventRecord {
  return {
    action: 'joined',
    projectId: 3,
    authorId: 2,
    targetType: undefined,
    targetId: undefined,
    targetIid: undefined,
    targetTitle: undefined,
    pushData: undefined,
    createdAt: new Date('2026-11-21T11:00:00.000Z'),
    idempotencyKey: key,
  }
}

/** An in-memory outbox; a transaction applies its writes only when fn resolves. */
function fakeOutbox(keys: string[]) {
  let rows: PendingEvent[] = keys.map((key, index) => ({
    id: index + 1,
    payload: event(key),
    attempts: 0,
  }))
  let transactions = 0
  const stores = {
    transaction: async <T>(fn: (tx: { outbox: unknown }) => Promise<T>): Promise<T> => {
      transactions += 1
      const deleted = new Set<number>()
      const attempted = new Set<number>()
      const tx = {
        outbox: {
          lockPending: (limit: number) => Promise.resolve(rows.slice(0, limit)),
          delete: (ids: readonly number[]) => {
            ids.forEach((id) => deleted.add(id))
            return Promise.resolve()
          },
          countAttempt: (ids: readonly number[]) => {
            ids.forEach((id) => attempted.add(id))
            return Promise.resolve()
          },
        },
      } as unknown as { outbox: unknown }
      const result = await fn(tx)
      rows = rows
        .filter((row) => !deleted.has(row.id))
        .map((row) => (attempted.has(row.id) ? { ...row, attempts: row.attempts + 1 } : row))
      return result
    },
  } as unknown as OutboxTransactions
  return { stores, rows: () => rows, transactions: () => transactions }
}

const logger = { warn: () => {}, error: () => {} } as unknown as Logger

function fakePublisher(fail: (event: EventRecord) => boolean = () => false) {
  const queued: string[] = []
  const publisher: EventPublisher = {
    publish: (record) => {
      if (fail(record)) return Promise.reject(new Error('redis said no'))
      queued.push(record.idempotencyKey)
      return Promise.resolve()
    },
    close: () => Promise.resolve(),
  }
  return { publisher, queued }
}

/** A Redis connection that only reports its status. */
function fakeRedis(status: string): Redis {
  return { status, on: () => {} } as unknown as Redis
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) {
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  expect(condition()).toBe(true)
}

describe('startOutboxRelay', () => {
  it('queues pending events in batches and deletes the queued ones', async () => {
    const outbox = fakeOutbox(['a', 'b', 'c'])
    const { publisher, queued } = fakePublisher()
    const relay = startOutboxRelay(
      {
        stores: outbox.stores,
        logger,
        redis: () => fakeRedis('ready'),
        createPublisher: () => publisher,
      },
      { intervalMs: 60_000, batchSize: 2 },
    )
    await until(() => outbox.rows().length === 0)
    await relay.stop()
    expect(queued).toEqual(['a', 'b', 'c'])
  })

  it('leaves events in the outbox while Redis is not ready', async () => {
    const outbox = fakeOutbox(['a'])
    const { publisher, queued } = fakePublisher()
    const redis = fakeRedis('reconnecting')
    const relay = startOutboxRelay(
      {
        stores: outbox.stores,
        logger,
        redis: () => redis,
        createPublisher: () => publisher,
      },
      { intervalMs: 10 },
    )
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(outbox.transactions()).toBe(0)
    expect(outbox.rows()).toHaveLength(1)
    Object.assign(redis, { status: 'ready' })
    await until(() => outbox.rows().length === 0)
    await relay.stop()
    expect(queued).toEqual(['a'])
  })

  it('keeps an event the queue refused and counts the attempt', async () => {
    const outbox = fakeOutbox(['a', 'bad', 'c'])
    const { publisher, queued } = fakePublisher((record) => record.idempotencyKey === 'bad')
    const relay = startOutboxRelay(
      {
        stores: outbox.stores,
        logger,
        redis: () => fakeRedis('ready'),
        createPublisher: () => publisher,
      },
      { intervalMs: 60_000 },
    )
    await until(() => outbox.rows().length === 1)
    await relay.stop()
    expect(queued).toEqual(['a', 'c'])
    expect(outbox.rows()).toEqual([expect.objectContaining({ id: 2, attempts: 1 })])
  })

  it('counts the rows it queued and deleted in outbox_messages_relayed_total', async () => {
    const outbox = fakeOutbox(['a', 'bad', 'c'])
    const { publisher } = fakePublisher((record) => record.idempotencyKey === 'bad')
    const registry = new Registry()
    // The lag gauge queries the database only when scraped; this test reads the counter alone.
    const db = {} as QueryExecutorProvider
    const relay = startOutboxRelay(
      {
        stores: outbox.stores,
        logger,
        redis: () => fakeRedis('ready'),
        createPublisher: () => publisher,
        lag: { registry, db, table: 'event_outbox' },
      },
      { intervalMs: 60_000 },
    )
    await until(() => outbox.rows().length === 1)
    await relay.stop()
    const counter = registry.getSingleMetric('outbox_messages_relayed_total')
    expect((await counter?.get())?.values).toEqual([
      { labels: { outbox: 'event_outbox' }, value: 2 },
    ])
  })

  it('runs no pass after stop', async () => {
    const outbox = fakeOutbox([])
    const { publisher } = fakePublisher()
    const relay = startOutboxRelay(
      {
        stores: outbox.stores,
        logger,
        redis: () => fakeRedis('ready'),
        createPublisher: () => publisher,
      },
      { intervalMs: 5 },
    )
    await until(() => outbox.transactions() > 0)
    await relay.stop()
    const after = outbox.transactions()
    relay.wake()
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(outbox.transactions()).toBe(after)
  })
})
