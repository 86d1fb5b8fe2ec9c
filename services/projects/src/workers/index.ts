import { Queue } from 'bullmq'
import { HOOK_EVENTS_QUEUE, queueMetrics, queuePrefix, type ServiceDeps } from '@suite/runtime'
import { loadProjectsConfig } from '../config.js'
import { hookRuntime } from '../deps.js'
import type { Database } from '../store/schema.js'
import { startActivityEventsWorker } from './activity-events.worker.js'
import { schedulePrune, startPruneWorker } from './event-prune.worker.js'
import { startHookDeliveriesWorker, startHookEventsWorker } from './hook-events.worker.js'
import { EVENTS_PRUNE_QUEUE, EVENTS_QUEUE, HOOK_DELIVERIES_QUEUE } from './queues.js'

/** Starts the worker role's BullMQ workers; returns what stops them. */
export async function startWorkers(deps: ServiceDeps<Database>): Promise<() => Promise<void>> {
  const connection = deps.redis()
  const metrics = queueMetrics(deps.registry)
  const eventsQueue = new Queue(EVENTS_QUEUE, { connection, prefix: queuePrefix() })
  const pruneQueue = await schedulePrune(connection)
  metrics.watch(eventsQueue)
  metrics.watch(pruneQueue)

  const config = loadProjectsConfig()
  const hooks = hookRuntime(deps, config)
  const hookEvents = startHookEventsWorker(hooks, connection, deps.logger, config)
  const hookEventsQueue = new Queue(HOOK_EVENTS_QUEUE, { connection, prefix: queuePrefix() })
  metrics.watch(hookEventsQueue)
  metrics.watch(hookEvents.deliveries)

  const workers = [
    startActivityEventsWorker(deps.db, connection, deps.logger, deps.registry),
    startPruneWorker(deps.db, connection, deps.logger),
    hookEvents.worker,
    startHookDeliveriesWorker(hooks, connection, deps.logger, config, deps.registry),
  ]
  metrics.observe(workers[0]!, EVENTS_QUEUE)
  metrics.observe(workers[1]!, EVENTS_PRUNE_QUEUE)
  metrics.observe(workers[2]!, HOOK_EVENTS_QUEUE)
  metrics.observe(workers[3]!, HOOK_DELIVERIES_QUEUE)
  for (const worker of workers) {
    worker.on('error', (error) => deps.logger.error({ err: error }, 'worker error'))
    worker.on('failed', (job, error) =>
      deps.logger.warn({ err: error, jobId: job?.id, queue: worker.name }, 'job failed'),
    )
  }

  // Active jobs finish (or go back to the queue when the lock expires) before the process exits.
  return async () => {
    await Promise.all(workers.map((worker) => worker.close()))
    await Promise.all([
      eventsQueue.close(),
      pruneQueue.close(),
      hookEventsQueue.close(),
      hookEvents.deliveries.close(),
    ])
    hooks.identity.close()
  }
}
