import { randomBytes } from 'node:crypto'
import { ProjectServiceClient } from '@suite/proto'
import {
  createClient,
  createRateLimiter,
  createSecretBox,
  type OutboxRelay,
  type ServiceDeps,
} from '@suite/runtime'
import { projectIdFinder } from './clients/projects.js'
import { loadAlertingConfig } from './config.js'
import type { NotifyDeps } from './domain/notify.js'
import { ingestionMetrics } from './metrics.js'
import type { IngestionObserver } from './rpc/ingestion.rpc.js'
import { AlertEventsStore } from './store/alert-events.store.js'
import { AlertsStore } from './store/alerts.store.js'
import { IntegrationsStore } from './store/integrations.store.js'
import type { Database } from './store/schema.js'
import { startAlertEventsRelay } from './workers/relay.js'

/** GitLab's Rack::Attack throttle for alert notifications, counted per project. */
const NOTIFY_THROTTLE = 'throttle_incident_management_notification_web'

export interface AlertingDeps {
  integrations: IntegrationsStore
  alerts: AlertsStore
  notify: NotifyDeps
  observer: IngestionObserver
}

/** The server role's dependencies and what stops what they started. */
export interface WiredDeps {
  deps: AlertingDeps
  close: () => Promise<void>
}

/**
 * The stores (keys sealed under ENCRYPTION_KEY, a per-process key outside
 * production, said once in the log), the projects client (read: retried on
 * UNAVAILABLE), the inbound limit, the metrics and the outbox relay that
 * each stored occurrence wakes.
 */
export function alertingDeps(service: ServiceDeps<Database>): WiredDeps {
  const config = loadAlertingConfig()
  let key = config.encryptionKey
  if (!key) {
    service.logger.warn(
      'ENCRYPTION_KEY is not set: alert integration keys are sealed under a per-process key and stop working on restart',
    )
    key = randomBytes(32)
  }
  const projects = createClient(ProjectServiceClient, {
    address: config.projectsAddress,
    registry: service.registry,
    internalSecret: service.config.INTERNAL_API_SECRET,
    retries: 2,
  })
  const limiter = createRateLimiter(service.redis, (err) =>
    service.logger.warn({ err }, 'alert notification limit not counted'),
  )
  const rule = {
    name: NOTIFY_THROTTLE,
    threshold: config.notifyLimitPerProjectHour,
    periodSeconds: 3600,
  }
  let relay: OutboxRelay | undefined
  const metrics = ingestionMetrics(service.registry)
  const integrations = new IntegrationsStore(service.db, createSecretBox(key))
  const alerts = new AlertsStore(service.db, () => {
    relay ??= startAlertEventsRelay({
      events: new AlertEventsStore(service.db),
      logger: service.logger,
      redis: service.redis,
    })
    relay.wake()
  })
  return {
    deps: {
      integrations,
      alerts,
      notify: {
        findProjectId: projectIdFinder(projects.rpc),
        integrations,
        alerts,
        throttle: (projectId) => limiter.hit(rule, [projectId]),
        now: () => new Date(),
        recorded: (type, outcome) => metrics.received(type, outcome),
      },
      observer: {
        start: (type) => {
          const stop = metrics.start(type)
          return () => {
            stop()
          }
        },
        rejected: (type) => metrics.received(type, 'rejected'),
      },
    },
    close: async () => {
      await relay?.stop()
      projects.raw.close()
    },
  }
}
