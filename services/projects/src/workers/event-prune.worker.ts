import { Queue, Worker } from 'bullmq'
import type { Redis } from 'ioredis'
import { queuePrefix, type Logger } from '@suite/runtime'
import type { Kysely } from 'kysely'
import { deleteEventsBefore } from '../store/event-prune.store.js'
import { deleteHookLogsBefore, hookLogCutoff } from '../store/hooks.store.js'
import type { Database } from '../store/schema.js'
import { EVENTS_PRUNE_QUEUE, type PruneJobData } from './queues.js'

/** GitLab removes events older than three years (Events::DestroyService / PruneOldEventsWorker). */
export const EVENT_RETENTION_YEARS = 3
const BATCH_SIZE = 10_000
/** Daily, at a quiet hour. */
const SCHEDULE = '0 3 * * *'

/** The instant before which events are removed: three years before `now`. */
export function pruneCutoff(now: Date): Date {
  const cutoff = new Date(now)
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - EVENT_RETENTION_YEARS)
  return cutoff
}

/** Deletes every event older than the cutoff, batch by batch; repeating it is harmless. */
export async function pruneOldEvents(db: Kysely<Database>, now = new Date()): Promise<number> {
  const cutoff = pruneCutoff(now)
  let total = 0
  for (;;) {
    const deleted = await deleteEventsBefore(db, cutoff, BATCH_SIZE)
    total += deleted
    if (deleted < BATCH_SIZE) return total
  }
}

/** The prune queue with its daily repeatable job (one schedule however many workers start). */
export async function schedulePrune(connection: Redis): Promise<Queue<PruneJobData>> {
  const queue = new Queue<PruneJobData>(EVENTS_PRUNE_QUEUE, { connection, prefix: queuePrefix() })
  await queue.upsertJobScheduler(
    'prune-old-events',
    { pattern: SCHEDULE, tz: 'UTC' },
    {
      name: 'prune',
      data: {},
      opts: { attempts: 5, backoff: { type: 'exponential', delay: 60_000 }, removeOnComplete: 100 },
    },
  )
  return queue
}

export function startPruneWorker(
  db: Kysely<Database>,
  connection: Redis,
  logger: Logger,
): Worker<PruneJobData> {
  return new Worker<PruneJobData>(
    EVENTS_PRUNE_QUEUE,
    async () => {
      const deleted = await pruneOldEvents(db)
      const hookLogs = await deleteHookLogsBefore(db, hookLogCutoff(new Date()))
      logger.info({ deleted, hookLogs }, 'old events and webhook logs pruned')
    },
    { connection, prefix: queuePrefix(), concurrency: 1 },
  )
}
