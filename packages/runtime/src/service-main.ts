import type { Kysely, Migration } from 'kysely'
import type { Redis } from 'ioredis'
import { startChangeForwarder } from './change-events.js'
import { checkPooledSchema, createDatabase, migrateToLatest } from './db.js'
import { GrpcServer } from './grpc-server.js'
import { createLogger, type Logger } from './logger.js'
import { startTracing } from './tracing.js'
import { joinInstallation } from './installation.js'
import { createRegistry, startMetricsServer, type Registry } from './metrics.js'
import { createRedisConnection } from './queues.js'
import { WriteReceipts } from './write-receipts.js'
import { loadServiceConfig, type ServiceConfig } from './service-config.js'
import type { ServiceInfo } from './services.js'
import { startHeartbeat } from './role-heartbeat.js'
import { handleShutdown } from './shutdown.js'

export interface ServiceDeps<DB> {
  config: ServiceConfig
  logger: Logger
  registry: Registry
  db: Kysely<DB>
  /** Opened on first use; closed on shutdown. */
  redis: () => Redis
}

/** Registers a role's gRPC services; what it returns, if anything, runs on shutdown. */
export type RegisterGrpc<DB> = (
  server: GrpcServer,
  deps: ServiceDeps<DB>,
) => void | (() => Promise<void>)

export interface DomainService<DB> {
  info: ServiceInfo
  migrations: Record<string, Migration>
  /**
   * Registers the gRPC services (role `server`); may return what stops the
   * role's background work (run on shutdown after the server stopped).
   */
  registerServer: RegisterGrpc<DB>
  /** Registers the gRPC services of an extra gRPC role, by role name (e.g. `repository`). */
  grpcRoles?: Record<string, RegisterGrpc<DB>>
  /** Runs after migrations (role `migrate`): seeds and other one-off setup. */
  afterMigrate?: (deps: ServiceDeps<DB>) => Promise<void>
  /** Starts BullMQ workers (role `worker`) and returns what stops them. */
  startWorkers?: (deps: ServiceDeps<DB>) => Promise<() => Promise<void>>
}

/**
 * The statement_timeout of a role unless DATABASE_STATEMENT_TIMEOUT_MS says
 * otherwise: gRPC roles answer requests whose deadlines are seconds (30 s
 * for writes), so no statement of theirs may outlast 15 s; workers run batch
 * jobs (sweeps, diff collection) with no caller waiting; migrations build
 * indexes on big tables.
 */
export function statementTimeoutFor(role: string): number {
  if (role === 'migrate') return 60 * 60_000
  if (role === 'worker') return 5 * 60_000
  return 15_000
}

/**
 * The entry point shared by domain services: `main.js <role>` where role is
 * server, worker or migrate. Each role is its own process and scales alone.
 */
export async function runDomainService<DB>(
  service: DomainService<DB>,
  role: string,
): Promise<void> {
  const extraRole = service.info.extraRoles.find((candidate) => candidate.name === role)
  const config = loadServiceConfig(extraRole?.grpcPort ?? service.info.grpcPort, service.info.name)
  const logger = createLogger(service.info.name, config.LOG_LEVEL)
  const registry = createRegistry(service.info.name)
  const db = createDatabase<DB>({
    url: config.DATABASE_URL,
    schema: service.info.schema ?? 'public',
    maxConnections: config.DATABASE_POOL_SIZE,
    sslCaFile: config.DATABASE_SSL_CA_FILE,
    statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS ?? statementTimeoutFor(role),
    registry,
    pooler: config.DATABASE_POOLER,
  })
  let redis: Redis | undefined
  const deps: ServiceDeps<DB> = {
    config,
    logger,
    registry,
    db,
    redis: () => (redis ??= createRedisConnection(config.REDIS_URL)),
  }
  const onShutdown = handleShutdown(logger)
  const stopTracing = await startTracing(`${service.info.name}-${role}`)
  // Registered first, so it runs last: the spans of the final calls and jobs are flushed.
  if (stopTracing) onShutdown(stopTracing)
  onShutdown(async () => {
    await db.destroy()
    await redis?.quit()
  })

  if (config.DATABASE_POOLER === 'transaction') {
    const pooled = await checkPooledSchema(db as Kysely<unknown>, service.info.schema ?? 'public')
    logger.info(pooled, 'behind a transaction pooler: search_path and statement_timeout are its')
  }

  if (role === 'migrate') {
    const results = await migrateToLatest(
      db as Kysely<unknown>,
      service.info.schema ?? 'public',
      service.migrations,
    )
    await service.afterMigrate?.(deps)
    logger.info({ applied: results.map((r) => r.migrationName) }, 'migrations done')
    await db.destroy()
    await redis?.quit()
    return
  }

  // Before anything names a Redis key: queues, the change channel and heartbeats live under
  // the installation's prefix, which another installation on this Redis may not hold.
  await joinInstallation(
    {
      installationId: config.INSTALLATION_ID,
      queuePrefix: config.QUEUE_PREFIX,
      databaseUrl: config.DATABASE_URL,
      sslCaFile: config.DATABASE_SSL_CA_FILE,
    },
    deps.redis(),
    logger,
  )

  const metricsServer = await startMetricsServer(registry, config.METRICS_PORT, config.METRICS_HOST)
  onShutdown(() => new Promise((resolve) => metricsServer.close(resolve)))

  if (service.info.schema) {
    // Every process of the service forwards its schema's change events, so
    // the gateways hear of each write while any of them runs.
    onShutdown(
      startChangeForwarder({
        // LISTEN holds a session: straight to PostgreSQL, never through a transaction pooler.
        databaseUrl: config.DATABASE_DIRECT_URL ?? config.DATABASE_URL,
        schema: service.info.schema,
        redis: deps.redis(),
        logger,
      }),
    )
  }

  const register = role === 'server' ? service.registerServer : service.grpcRoles?.[role]
  if (register) {
    const server = new GrpcServer({
      service: service.info.name,
      logger,
      registry,
      internalSecret: config.INTERNAL_API_SECRET,
      // Shared by every replica of the service: a write sent again finds its first outcome.
      receipts: new WriteReceipts(deps.redis(), service.info.name, config.INTERNAL_API_SECRET),
    })
    const stopBackground = register(server, deps)
    // Closers run in reverse: the server stops first, then its background work.
    if (stopBackground) onShutdown(stopBackground)
    await server.listen(config.GRPC_HOST, config.GRPC_PORT)
    onShutdown(() => server.shutdown())
    return
  }
  if (role === 'worker' && service.startWorkers) {
    onShutdown(await service.startWorkers(deps))
    // Runs before the workers close (closers run in reverse): a draining worker is not counted.
    onShutdown(startHeartbeat(deps.redis(), service.info.name, role, logger))
    logger.info('workers started')
    return
  }
  logger.fatal({ role }, 'unknown role')
  process.exit(2)
}
