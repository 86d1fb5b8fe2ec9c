import type { Redis } from 'ioredis'
import {
  createProjectAccessFactsPublisher,
  startRelayLoop,
  withTimeout,
  type Logger,
  type OutboxRelay,
} from '@suite/runtime'
import type { AccessFacts } from '../domain/access-facts.js'
import { toAccessFactsMessage } from '../rpc/to-proto.js'
import type { AccessFactsOutbox, PendingAccessFacts } from '../store/access-facts-outbox.store.js'

export interface AccessFactsPublisher {
  publish: (facts: AccessFacts) => Promise<void>
  close: () => Promise<void>
}

export interface AccessFactsRelayDeps {
  outbox: AccessFactsOutbox
  logger: Logger
  /** The Redis connection (opened on first use). */
  redis: () => Redis
  /** The queue producer; `projects.access-facts` unless a test gives one. */
  createPublisher?: (redis: Redis) => AccessFactsPublisher
}

export interface AccessFactsRelayOptions {
  /** Pause between passes when the outbox is drained or Redis is unreachable. */
  intervalMs?: number
  /** Rows locked and queued per transaction. */
  batchSize?: number
  /** How long one pass waits for Redis to take a message. */
  publishTimeoutMs?: number
}

function queuePublisher(redis: Redis): AccessFactsPublisher {
  const queue = createProjectAccessFactsPublisher(redis)
  return { publish: (facts) => queue.publish(toAccessFactsMessage(facts)), close: queue.close }
}

/**
 * Moves queued access facts from the outbox to `projects.access-facts`, as
 * runtime's event outbox relay does for activity events: locks a batch of
 * rows (`for update skip locked`, so server replicas share the work),
 * publishes each project's current facts once, and deletes the rows that
 * made it in the same transaction; rows of a project that is gone are
 * dropped. Jobs are keyed by (project, version), so facts queued twice (a
 * crash between queueing and commit) are stored once.
 */
export function startAccessFactsRelay(
  deps: AccessFactsRelayDeps,
  options: AccessFactsRelayOptions = {},
): OutboxRelay {
  const batchSize = options.batchSize ?? 100
  const publishTimeoutMs = options.publishTimeoutMs ?? 2_000
  const createPublisher = deps.createPublisher ?? queuePublisher

  async function publishOnce(queue: AccessFactsPublisher, rows: PendingAccessFacts[]) {
    const byProject = new Map<number, AccessFacts>()
    for (const row of rows) if (row.facts) byProject.set(row.projectId, row.facts)
    const outcomes = new Map<number, boolean>()
    await Promise.all(
      [...byProject].map(async ([projectId, facts]) => {
        try {
          await withTimeout(queue.publish(facts), publishTimeoutMs)
          outcomes.set(projectId, true)
        } catch (err) {
          deps.logger.warn({ err, projectId }, 'access facts not queued; they stay in the outbox')
          outcomes.set(projectId, false)
        }
      }),
    )
    // A project that is gone has nothing to publish: its rows are done.
    return (row: PendingAccessFacts) => outcomes.get(row.projectId) ?? row.facts === undefined
  }

  async function relayBatch(queue: AccessFactsPublisher): Promise<boolean> {
    return deps.outbox.transaction(async (tx) => {
      const pending = await tx.lockPending(batchSize)
      const done = await publishOnce(queue, pending)
      const sent = pending.filter(done).map((row) => row.id)
      const failed = pending.filter((row) => !done(row)).map((row) => row.id)
      await tx.delete(sent)
      await tx.countAttempt(failed)
      return pending.length === batchSize && failed.length === 0
    })
  }

  return startRelayLoop({
    logger: deps.logger,
    redis: deps.redis,
    what: 'access facts',
    intervalMs: options.intervalMs,
    open: (redis) => {
      const publisher = createPublisher(redis)
      return { relayBatch: () => relayBatch(publisher), close: () => publisher.close() }
    },
  })
}
