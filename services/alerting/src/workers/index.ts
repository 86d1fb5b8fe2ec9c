import { queueMetrics, type ServiceDeps } from '@suite/runtime'
import { eventMetrics } from '../metrics.js'
import { AlertEventsStore } from '../store/alert-events.store.js'
import type { Database } from '../store/schema.js'
import { startAlertEventsWorker } from './alert-events.worker.js'
import { alertEventsQueue } from './queues.js'
import { startAlertEventsRelay } from './relay.js'

/**
 * The worker role: processes alert occurrences, and relays any the server
 * role left in the table (its relay may have died with it).
 */
export function startWorkers(deps: ServiceDeps<Database>): Promise<() => Promise<void>> {
  const connection = deps.redis()
  const events = new AlertEventsStore(deps.db)
  const metrics = queueMetrics(deps.registry)
  const watched = alertEventsQueue(connection)
  metrics.watch(watched)
  const worker = startAlertEventsWorker({
    connection,
    logger: deps.logger,
    metrics,
    events,
    processed: eventMetrics(deps.registry).processed,
  })
  const relay = startAlertEventsRelay({ events, logger: deps.logger, redis: deps.redis })
  deps.logger.info({ queues: [worker.name] }, 'alerting workers running')
  return Promise.resolve(async () => {
    await relay.stop()
    await worker.close()
    await watched.close()
  })
}
