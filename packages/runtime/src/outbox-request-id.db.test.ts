import { Writable } from 'node:stream'
import { Queue } from 'bullmq'
import { Redis } from 'ioredis'
import type { Kysely } from 'kysely'
import { pino } from 'pino'
import {
  BRANCH_UPDATE_OUTBOX,
  BRANCH_UPDATES_QUEUE,
  branchUpdateJobId,
  createBranchUpdatePublisher,
} from './branch-updates.js'
import { createRegistry } from './metrics.js'
import { createOutboxTableV1 } from './outbox-migrations.js'
import { startQueueOutboxRelay } from './outbox-relay.js'
import { insertOutboxMessage, outboxTransactionsOf } from './outbox-store.js'
import { queueMetrics } from './queue-metrics.js'
import { startQueueWorker } from './queue-worker.js'
import { currentRequestId, runWithRequestId } from './request-context.js'
import { testBranchUpdate } from './testing/branch-update.js'
import { createTestSchema, type TestSchema } from './testing/test-schema.js'

// A real PostgreSQL (see createTestSchema) and Redis (TEST_REDIS_URL or the loopback's).
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
let database: TestSchema<unknown>
let redis: Redis

beforeAll(async () => {
  process.env.QUEUE_PREFIX = `outbox-request-id-${process.pid}-${Date.now()}`
  database = await createTestSchema<unknown>('outbox_request_id', {
    '0001': { up: (db: Kysely<unknown>) => createOutboxTableV1(db, 'branch_update_outbox') },
  })
  redis = new Redis(redisUrl, { maxRetriesPerRequest: null })
})

afterAll(async () => {
  const keys = await redis.keys(`${process.env.QUEUE_PREFIX}:*`)
  if (keys.length > 0) await redis.del(...keys)
  await redis.quit()
  await database.drop()
})

async function waitFor<T>(probe: () => T | undefined | Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = await probe()
    if (value !== undefined) return value
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error('timed out')
}

describe('the request id through an outbox', () => {
  it('is kept with the row, put in the job, and the worker runs and logs the job inside it', async () => {
    const withId = testBranchUpdate('with-id')
    const withoutId = testBranchUpdate('without-id')
    const db = database.db
    await runWithRequestId('req-7f3a', () => insertOutboxMessage(db, BRANCH_UPDATE_OUTBOX, withId))
    await insertOutboxMessage(db, BRANCH_UPDATE_OUTBOX, withoutId)

    const registry = createRegistry('test')
    const stores = outboxTransactionsOf(db, BRANCH_UPDATE_OUTBOX)
    // The relay reads the row back as the message alone, the id beside it.
    const pending = await stores.transaction((tx) => tx.outbox.lockPending(10))
    expect(pending.map((row) => [row.payload.branch, row.requestId])).toEqual([
      ['with-id', 'req-7f3a'],
      ['without-id', undefined],
    ])
    expect(pending[0]?.payload).toEqual(withId)

    const relay = startQueueOutboxRelay({
      stores,
      logger: pino({ level: 'silent' }),
      redis: () => redis,
      what: 'branch updates',
      createPublisher: createBranchUpdatePublisher,
      keyOf: BRANCH_UPDATE_OUTBOX.keyOf,
      lag: { registry, db, table: 'branch_update_outbox' },
    })
    const queue = new Queue(BRANCH_UPDATES_QUEUE, {
      connection: redis,
      prefix: process.env.QUEUE_PREFIX,
    })
    try {
      const job = await waitFor(() => queue.getJob(branchUpdateJobId(withId)))
      expect(job.data).toMatchObject({ branch: 'with-id', meta: { requestId: 'req-7f3a' } })
      const other = await waitFor(() => queue.getJob(branchUpdateJobId(withoutId)))
      expect(other.data).not.toHaveProperty('meta')
      // Drained: the lag gauge reads an empty outbox as 0.
      await waitFor(async () => {
        const metric = await registry.getSingleMetric('outbox_oldest_pending_age_seconds')?.get()
        return metric?.values.find((v) => v.labels['outbox'] === 'branch_update_outbox')?.value ===
          0
          ? true
          : undefined
      })
    } finally {
      await relay.stop()
    }

    const lines: Record<string, unknown>[] = []
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) {
          lines.push(JSON.parse(line) as Record<string, unknown>)
        }
        done()
      },
    })
    const seen = new Map<string, string | undefined>()
    const connection = new Redis(redisUrl, { maxRetriesPerRequest: null })
    const worker = startQueueWorker<{ branch: string }>(
      {
        connection,
        logger: pino({ level: 'info', mixin: () => ({ request_id: currentRequestId() }) }, stream),
        metrics: queueMetrics(registry),
      },
      BRANCH_UPDATES_QUEUE,
      (job) => {
        seen.set(job.data.branch, currentRequestId())
        return Promise.resolve()
      },
      1,
    )
    try {
      await waitFor(() => (seen.size === 2 ? true : undefined))
      expect(seen.get('with-id')).toBe('req-7f3a')
      // A job that names no request runs under a new id of its own.
      expect(seen.get('without-id')).toMatch(/^[0-9a-f-]{36}$/)
      const done = await waitFor(() =>
        lines.find((line) => line['msg'] === 'job done' && line['request_id'] === 'req-7f3a'),
      )
      expect(done).toMatchObject({
        queue: BRANCH_UPDATES_QUEUE,
        job_status: 'done',
        correlation_id: 'req-7f3a',
      })
    } finally {
      await worker.close()
      await connection.quit()
      await queue.close()
    }
  })
})
