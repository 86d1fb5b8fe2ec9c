import type { Redis } from 'ioredis'
import type { Kysely } from 'kysely'
import { pino } from 'pino'
import { type BranchUpdate, BRANCH_UPDATE_OUTBOX } from './branch-updates.js'
import { createOutboxTableV1 } from './outbox-migrations.js'
import { startQueueOutboxRelay, type QueueProducer } from './outbox-relay.js'
import { insertOutboxMessage, outboxTransactionsOf } from './outbox-store.js'
import type { OutboxRelay } from './relay-loop.js'
import { testBranchUpdate } from './testing/branch-update.js'
import { createTestSchema, type TestSchema } from './testing/test-schema.js'

// A real PostgreSQL (see createTestSchema): the row locks under test are its own.
let database: TestSchema<unknown>

beforeAll(async () => {
  database = await createTestSchema<unknown>('outbox_relay_share', {
    '0001': { up: (db: Kysely<unknown>) => createOutboxTableV1(db, 'branch_update_outbox') },
  })
})

afterAll(async () => {
  await database.drop()
})

/** Only the status is read: the publishers below never touch Redis. */
const readyRedis = { status: 'ready', on: () => undefined } as unknown as Redis

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !condition(); i++) {
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  expect(condition()).toBe(true)
}

function relayWith(publish: (message: BranchUpdate) => Promise<void>): OutboxRelay {
  return startQueueOutboxRelay(
    {
      stores: outboxTransactionsOf(database.db, BRANCH_UPDATE_OUTBOX),
      logger: pino({ level: 'silent' }),
      redis: () => readyRedis,
      what: 'branch updates',
      createPublisher: (): QueueProducer<BranchUpdate> => ({
        publish,
        close: () => Promise.resolve(),
      }),
      keyOf: BRANCH_UPDATE_OUTBOX.keyOf,
    },
    { batchSize: 2, intervalMs: 50, publishTimeoutMs: 30_000 },
  )
}

describe('two relays on one outbox (two replicas)', () => {
  it('share it: the second takes the rows the first has not locked, while the first still holds its batch', async () => {
    for (const branch of ['b1', 'b2', 'b3', 'b4']) {
      await insertOutboxMessage(database.db, BRANCH_UPDATE_OUTBOX, testBranchUpdate(branch))
    }
    // The first relay locks a batch of two and cannot queue it until released.
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    const first: string[] = []
    const firstRelay = relayWith(async (message) => {
      first.push(message.branch)
      await held
    })
    const second: string[] = []
    let secondRelay: OutboxRelay | undefined
    try {
      await until(() => first.length === 2)
      secondRelay = relayWith((message) => {
        second.push(message.branch)
        return Promise.resolve()
      })
      // `for update skip locked`: the second neither waits for the first's lock nor takes its rows.
      await until(() => second.length === 2)
      expect(first.sort()).toEqual(['b1', 'b2'])
      expect(second.sort()).toEqual(['b3', 'b4'])
    } finally {
      release()
      await firstRelay.stop()
      await secondRelay?.stop()
    }
    // Each row went out once, and the outbox is empty.
    expect([...first, ...second].sort()).toEqual(['b1', 'b2', 'b3', 'b4'])
    const left = await outboxTransactionsOf(database.db, BRANCH_UPDATE_OUTBOX).transaction((tx) =>
      tx.outbox.lockPending(10),
    )
    expect(left).toEqual([])
  })
})
