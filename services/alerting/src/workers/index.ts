import { Queue } from 'bullmq'
import {
  PROJECT_DELETED_QUEUES,
  queueMetrics,
  queuePrefix,
  startProjectPurgeWorker,
  startUserPurgeWorker,
  USER_DELETED_QUEUES,
  type ServiceDeps,
} from '@suite/runtime'
import { eventMetrics } from '../metrics.js'
import { AlertEventsStore } from '../store/alert-events.store.js'
import { purgeProjectRows } from '../store/project-purge.store.js'
import { migrateUserRows } from '../store/user-purge.store.js'
import type { Database } from '../store/schema.js'
import { startAlertEventsWorker } from './alert-events.worker.js'
import { alertEventsQueue } from './queues.js'
import { startAlertEventsRelay } from './relay.js'

/**
 * The worker role: processes alert occurrences, relays any the server role
 * left in the table (its relay may have died with it), and purges deleted
 * projects' alerts and integrations and deleted users' assignments.
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
  const deleted = new Queue(PROJECT_DELETED_QUEUES.alerting, { connection, prefix: queuePrefix() })
  metrics.watch(deleted)
  const purge = startProjectPurgeWorker(
    { connection, logger: deps.logger, metrics },
    PROJECT_DELETED_QUEUES.alerting,
    (projectId) => purgeProjectRows(deps.db, projectId),
  )
  const usersDeleted = new Queue(USER_DELETED_QUEUES.alerting, {
    connection,
    prefix: queuePrefix(),
  })
  metrics.watch(usersDeleted)
  const users = startUserPurgeWorker(
    { connection, logger: deps.logger, metrics },
    USER_DELETED_QUEUES.alerting,
    (message) => migrateUserRows(deps.db, message),
  )
  const relay = startAlertEventsRelay({ events, logger: deps.logger, redis: deps.redis })
  deps.logger.info({ queues: [worker.name, purge.name, users.name] }, 'alerting workers running')
  return Promise.resolve(async () => {
    await relay.stop()
    await Promise.all([worker.close(), purge.close(), users.close()])
    await Promise.all([watched.close(), deleted.close(), usersDeleted.close()])
  })
}
