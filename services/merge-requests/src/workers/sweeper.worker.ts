import { Queue, type Worker } from 'bullmq'
import type { Redis } from 'ioredis'
import { queuePrefix } from '@suite/runtime'
import { sweepStuckMergeRequests } from '../domain/sweep.js'
import type { MergeRequestsDeps } from '../domain/ports.js'
import { SWEEPER_QUEUE } from './queues.js'
import { startQueueWorker, type WorkerContext } from './start-worker.js'

/** How often the sweep runs. */
export const SWEEP_EVERY_MS = 10_000

/** The sweeper queue with its repeatable job (one schedule however many workers start). */
export async function scheduleSweeper(connection: Redis): Promise<Queue> {
  const queue = new Queue(SWEEPER_QUEUE, { connection, prefix: queuePrefix() })
  await queue.upsertJobScheduler(
    'sweep-stuck-merge-requests',
    { every: SWEEP_EVERY_MS },
    {
      name: 'sweep',
      data: {},
      opts: {
        attempts: 3,
        backoff: { type: 'exponential', delay: 5_000 },
        removeOnComplete: 100,
        removeOnFail: 100,
      },
    },
  )
  return queue
}

/** Runs the sweeps. */
export function startSweeperWorker(context: WorkerContext, deps: MergeRequestsDeps): Worker {
  return startQueueWorker<unknown>(
    context,
    SWEEPER_QUEUE,
    async () => {
      const requeued = await sweepStuckMergeRequests(deps)
      if (requeued.diffs + requeued.statuses + requeued.accessFacts > 0)
        context.logger.info(
          requeued,
          'stuck merge requests queued again, missing access facts fetched',
        )
      return requeued
    },
    1,
  )
}
