import { Queue } from 'bullmq'
import { queueMetrics, queuePrefix, type ServiceDeps } from '@suite/runtime'
import type { Database } from '../store/schema.js'
import { startActivityEventsWorker } from './activity-events.worker.js'
import { schedulePrune, startPruneWorker } from './event-prune.worker.js'
import { EVENTS_PRUNE_QUEUE, EVENTS_QUEUE } from './queues.js'

/** Starts the worker role's BullMQ workers; returns what stops them. */
export async function startWorkers(deps: ServiceDeps<Database>): Promise<() => Promise<void>> {
  const connection = deps.redis()
  const metrics = queueMetrics(deps.registry)
  const eventsQueue = new Queue(EVENTS_QUEUE, { connection, prefix: queuePrefix() })
  const pruneQueue = await schedulePrune(connection)
  metrics.watch(eventsQueue)
  metrics.watch(pruneQueue)

  const workers = [
    startActivityEventsWorker(deps.db, connection, deps.logger, deps.registry),
    startPruneWorker(deps.db, connection, deps.logger),
  ]
  metrics.observe(workers[0]!, EVENTS_QUEUE)
  metrics.observe(workers[1]!, EVENTS_PRUNE_QUEUE)
  for (const worker of workers) {
    worker.on('error', (error) => deps.logger.error({ err: error }, 'worker error'))
    worker.on('failed', (job, error) =>
      deps.logger.warn({ err: error, jobId: job?.id, queue: worker.name }, 'job failed'),
    )
  }

  // Active jobs finish (or go back to the queue when the lock expires) before the process exits.
  return async () => {
    await Promise.all(workers.map((worker) => worker.close()))
    await Promise.all([eventsQueue.close(), pruneQueue.close()])
  }
}
