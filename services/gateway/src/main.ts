import { createServer } from 'node:http'
import express from 'express'
import {
  checkHealth,
  createDatabasePing,
  createLogger,
  startTracing,
  createRedisConnection,
  createRegistry,
  handleShutdown,
  joinInstallation,
  pingRedis,
  roleAlive,
  DOMAIN_SERVICES,
} from '@suite/runtime'
import { createApp } from './app.js'
import { TokenCache } from './auth/token-cache.js'
import { listenForChanges } from './cache/change-listener.js'
import { createResponseCache } from './cache/response-cache.js'
import { createReadModels } from './clients/read-models.js'
import { createAlertingClients } from './clients/alerting.client.js'
import { createEventsClients } from './clients/events.client.js'
import { createIdentityClients } from './clients/identity.client.js'
import { createMergeRequestsClients } from './clients/merge-requests.client.js'
import { createPipelinesClients } from './clients/pipelines.client.js'
import { createProjectsClients } from './clients/projects.client.js'
import { createRepositoryClients } from './clients/repository.client.js'
import { loadGatewayConfig } from './config.js'
import { metricsRoutes, type ReadinessCheck } from './routes/health.routes.js'

const config = loadGatewayConfig()
const logger = createLogger('gateway', config.logLevel)
// Before the app is built: the gateway's middleware is installed only with tracing on.
const stopTracing = await startTracing('gateway')
if (stopTracing) logger.info('tracing to OTEL_EXPORTER_OTLP_ENDPOINT')
const registry = createRegistry('gateway')
const onShutdown = handleShutdown(logger)
// Registered first, so it runs last: the spans of the final requests are flushed.
if (stopTracing) onShutdown(stopTracing)

const identity = createIdentityClients(config.services.identity, registry, config.internalSecret)
onShutdown(() => Promise.resolve(identity.close()))
const projects = createProjectsClients(config.services.projects, registry, config.internalSecret)
onShutdown(() => Promise.resolve(projects.close()))
const events = createEventsClients(config.services.projects, registry, config.internalSecret)
onShutdown(() => Promise.resolve(events.close()))
const repository = createRepositoryClients(
  config.services.repository,
  registry,
  config.internalSecret,
)
onShutdown(() => Promise.resolve(repository.close()))
const mergeRequests = createMergeRequestsClients(
  config.services['merge-requests'],
  registry,
  config.internalSecret,
)
onShutdown(() => Promise.resolve(mergeRequests.close()))
const pipelines = createPipelinesClients(
  config.services['ci-triggers'],
  registry,
  config.internalSecret,
)
onShutdown(() => Promise.resolve(pipelines.close()))
const alerting = createAlertingClients(config.services.alerting, registry, config.internalSecret)
onShutdown(() => Promise.resolve(alerting.close()))

const redis = createRedisConnection(config.redisUrl)
// A Redis outage shows in /-/readiness; ioredis reconnects by itself.
redis.on('error', (err: Error) => logger.debug({ err }, 'redis connection error'))
onShutdown(() => Promise.resolve(redis.disconnect()))
// Before anything names a Redis key (the change channel, rate limits, heartbeats).
await joinInstallation(config.installation, redis, logger)

// Set as shutdown starts: readiness fails first, so the Service stops sending requests
// before the server closes.
let draining = false
const readiness: ReadinessCheck[] = [
  { name: 'gateway', check: () => Promise.resolve(!draining), gateway: true },
]
readiness.push(
  ...Object.entries(config.services).map(([name, address]) => ({
    name,
    check: () => checkHealth(address),
  })),
)
if (config.databaseUrl) {
  const database = createDatabasePing(config.databaseUrl)
  readiness.push({ name: 'db', check: database.ping })
  onShutdown(database.close)
}
readiness.push({ name: 'redis', check: () => pingRedis(redis) })
for (const service of DOMAIN_SERVICES) {
  for (const role of service.extraRoles.filter((extra) => extra.grpcPort === undefined)) {
    readiness.push({
      name: `${service.name}_${role.name}`,
      check: () => roleAlive(redis, service.name, role.name),
    })
  }
}

const tokenCache = new TokenCache()
const responseCache = createResponseCache({ ...config.responseCache, registry })
const subscriber = createRedisConnection(config.redisUrl)
subscriber.on('error', (err: Error) => logger.debug({ err }, 'redis subscriber connection error'))
onShutdown(() => Promise.resolve(subscriber.disconnect()))
const readModels = createReadModels({
  maxEntries: config.readModelEntries,
  stickyMs: config.responseCache.stickyMs,
  registry,
})
const changes = listenForChanges({
  subscriber,
  publisher: redis,
  caches: [responseCache, readModels.projects, readModels.users],
  tokenCache,
  logger,
})

const app = createApp({
  externalUrl: config.externalUrl,
  logger,
  registry,
  identity,
  projects,
  events,
  repository,
  mergeRequests,
  pipelines,
  alerting,
  tokenCache,
  readiness,
  responseCache,
  changes,
  readModels,
  trustProxy: config.trustProxy,
  revision: config.revision,
  metricsPort: config.metricsPort || undefined,
  runnerLongPollMs: config.runnerLongPollMs,
  runnerLongPollsPerRunner: config.runnerLongPollsPerRunner,
  throttles: { settings: config.throttles, redis: () => redis },
})

const server = createServer(app)
// Idle keep-alive connections outlive every client's and load balancer's own idle timeout
// (undici 4 s, AWS ALB 60 s): the client, not the gateway, closes them, so a request is never
// sent on a socket the gateway is closing at that moment ("other side closed").
server.keepAliveTimeout = 65_000
server.headersTimeout = 66_000
server.once('error', (err) => {
  logger.fatal({ err }, 'HTTP server failed')
  process.exit(1)
})
server.listen(config.port, config.host, () => {
  logger.info({ port: config.port, host: config.host }, 'gateway listening')
})
// While draining, every answer says Connection: close, so a client opens its next connection
// elsewhere (another gateway) instead of sending a request on a socket this one closes; the
// listener stays open for DRAIN_MS so that requests already on their way are answered, then
// closes, and the connections left idle close with it.
const DRAIN_MS = 1_000
server.on('request', (_req: unknown, res: { shouldKeepAlive: boolean }) => {
  if (draining) res.shouldKeepAlive = false
})
onShutdown(
  () =>
    new Promise<void>((resolve) => {
      setTimeout(() => {
        server.close(() => resolve())
        server.closeIdleConnections()
      }, DRAIN_MS)
    }),
)
if (config.metricsPort) {
  const metricsServer = createServer(express().use(metricsRoutes(readiness, registry)))
  metricsServer.listen(config.metricsPort, config.host, () => {
    logger.info({ port: config.metricsPort }, 'gateway metrics listening')
  })
  onShutdown(() => new Promise<void>((resolve) => metricsServer.close(() => resolve())))
}
// Registered last, so it runs first: readiness fails before the servers close.
onShutdown(() => {
  draining = true
  return Promise.resolve()
})
