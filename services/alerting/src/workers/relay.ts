import { startRelayLoop, withTimeout, type Logger, type OutboxRelay } from '@suite/runtime'
import type { Redis } from 'ioredis'
import type { AlertEventsStore } from '../store/alert-events.store.js'
import { alertEventJobId, alertEventsQueue, JOB_OPTIONS } from './queues.js'

const BATCH_SIZE = 100
const PUBLISH_TIMEOUT_MS = 2_000

/**
 * Moves alert history rows to ALERT_EVENTS_QUEUE: a batch is locked, queued
 * (job id = row id, so a row queued twice after a crash is one job) and
 * marked relayed in one transaction. Rows wait in the table while Redis is down.
 */
export function startAlertEventsRelay(deps: {
  events: AlertEventsStore
  logger: Logger
  redis: () => Redis
}): OutboxRelay {
  return startRelayLoop({
    logger: deps.logger,
    redis: deps.redis,
    what: 'alert events',
    open: (redis) => {
      const queue = alertEventsQueue(redis)
      return {
        relayBatch: async () => {
          const taken = await deps.events.relayBatch(BATCH_SIZE, async (events) => {
            const jobs = events.map((event) => ({
              name: event.kind,
              data: { eventId: event.id },
              opts: { ...JOB_OPTIONS, jobId: alertEventJobId(event.id) },
            }))
            await withTimeout(
              queue.addBulk(jobs).then(() => undefined),
              PUBLISH_TIMEOUT_MS,
            )
            return events.map((event) => event.id)
          })
          return taken === BATCH_SIZE
        },
        close: () => queue.close(),
      }
    },
  })
}
