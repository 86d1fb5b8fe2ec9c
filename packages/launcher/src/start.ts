import { createLogger, generateInternalSecret, type Logger } from '@suite/runtime'
import { domainServiceEnv, gatewayEnv, type Backends } from './child-env.js'
import type { LauncherConfig } from './config.js'
import { checkDatabase } from './database.js'
import { resolveEncryptionKey } from './encryption-key.js'
import { startEmbeddedPostgres } from './embedded-postgres.js'
import { migrateAll, roleSpec } from './migrate.js'
import { isBuilt } from './paths.js'
import { assignGrpcPorts, grpcAddresses, isPortFree, type AssignedService } from './ports.js'
import { pollHost, waitForHttp, waitForServices } from './readiness.js'
import { startRedis } from './start-redis.js'
import { Supervisor } from './supervisor.js'

const READY_TIMEOUT_MS = 60_000
const GATEWAY = 'gateway'

/** Fails with a line naming the variable when a port the suite needs is taken. */
async function checkPorts(config: LauncherConfig, services: readonly AssignedService[]) {
  for (const server of grpcAddresses(services)) {
    if (!(await isPortFree(server.port))) {
      throw new Error(
        `GRPC_PORT_BASE: port ${server.port} (${server.label}) is in use; ` +
          'another suite may be running, set GRPC_PORT_BASE to run beside it',
      )
    }
  }
  if (!(await isPortFree(config.port, config.host))) {
    throw new Error(`PORT: ${config.port} is in use on ${config.host}; set PORT`)
  }
}

async function resolveDatabase(config: LauncherConfig, supervisor: Supervisor, logger: Logger) {
  if (config.databaseUrl) {
    await checkDatabase(config.databaseUrl)
    return config.databaseUrl
  }
  const embedded = await startEmbeddedPostgres({
    dataDir: config.dataDir,
    port: config.embeddedPgPort,
    logger,
    onUnexpectedExit: () => supervisor.fail('embedded PostgreSQL exited unexpectedly'),
  })
  supervisor.defer(embedded.stop)
  return embedded.url
}

/** The key children encrypt secrets with; a damaged key file stops the start with one line. */
function encryptionKeyOrExit(config: LauncherConfig): string {
  try {
    return resolveEncryptionKey(config.encryptionKey, config.dataDir)
  } catch (error) {
    process.stderr.write(`invalid configuration: ${(error as Error).message}\n`)
    process.exit(1)
  }
}

/** `suite start`: backends, migrations, every service on loopback, then the gateway. */
export async function startSuite(given: LauncherConfig, root: string): Promise<void> {
  const config = {
    ...given,
    encryptionKey: encryptionKeyOrExit(given),
    internalSecret: given.internalSecret ?? generateInternalSecret(),
  }
  const logger = createLogger('launcher', config.logLevel)
  const supervisor = new Supervisor(logger)
  const cancelled = () => supervisor.stopping

  await supervisor.run(async () => {
    const assigned = assignGrpcPorts(config.grpcPortBase)
    const services = assigned.filter((service) => isBuilt(root, service.info.name))
    for (const service of assigned) {
      if (!services.includes(service)) {
        logger.warn({ target: service.info.name }, 'service not built; skipping it')
      }
    }
    const withGateway = isBuilt(root, GATEWAY)
    await checkPorts(config, services)

    const redisUrl = await startRedis(config, supervisor, logger)
    if (cancelled()) return
    const databaseUrl = await resolveDatabase(config, supervisor, logger)
    if (cancelled()) return
    const backends: Backends = { databaseUrl, redisUrl }

    await migrateAll(
      services,
      (service) => {
        const env = domainServiceEnv(config, service, backends)
        const spec = roleSpec(root, service.info.name, 'migrate', env)
        return supervisor.spawn(spec, { oneOff: true }).exited
      },
      logger,
      cancelled,
    )
    if (cancelled()) return

    for (const service of services) {
      for (const role of service.roles) {
        const env = domainServiceEnv(config, service, backends, services, role.name)
        supervisor.spawn(roleSpec(root, service.info.name, role.name, env))
      }
    }
    const deadline = Date.now() + READY_TIMEOUT_MS
    await waitForServices(services, { deadline, cancelled })
    if (cancelled()) return

    if (!withGateway) {
      logger.warn('gateway not built; no HTTP API')
      supervisor.markReady()
      process.stdout.write(
        `Domain services ready (${services.map((s) => s.info.name).join(', ')}); ` +
          'no gateway: services/gateway/dist/main.js is missing\n',
      )
      return
    }
    supervisor.spawn(roleSpec(root, GATEWAY, undefined, gatewayEnv(config, assigned, backends)))
    await waitForHttp(GATEWAY, `http://${pollHost(config.host)}:${config.port}/-/readiness`, {
      deadline,
      cancelled,
    })
    if (cancelled()) return
    supervisor.markReady()
    process.stdout.write(`GitLab-compatible API ready at ${config.externalUrl}/api/v4\n`)
  })
}
