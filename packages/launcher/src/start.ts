import {
  createLogger,
  databaseUrlVariable,
  generateInternalSecret,
  type Logger,
} from '@suite/runtime'
import { domainServiceEnv, gatewayEnv, type Backends } from './child-env.js'
import type { LauncherConfig } from './config.js'
import { checkDatabase, prepareServiceDatabase } from './database.js'
import { resolveEncryptionKey } from './encryption-key.js'
import { startEmbeddedPostgres } from './embedded-postgres.js'
import { migrateAll, roleSpec } from './migrate.js'
import { claimInstallation } from './installation-claim.js'
import { isBuilt } from './paths.js'
import { assignGrpcPorts, isPortFree, type AssignedService } from './ports.js'
import { pollHost, waitForHttp, waitForServers } from './readiness.js'
import {
  expandReplicas,
  gatewayReplicas,
  replicaAddressBook,
  replicaAddresses,
} from './replicas.js'
import { startRedis } from './start-redis.js'
import { Supervisor } from './supervisor.js'

const READY_TIMEOUT_MS = 60_000
const GATEWAY = 'gateway'

/** Fails with a line naming the variable when a port the suite needs is taken. */
async function checkPorts(config: LauncherConfig, services: readonly AssignedService[]) {
  for (const server of replicaAddresses(services, config.replicas)) {
    if (!(await isPortFree(server.port))) {
      throw new Error(
        `GRPC_PORT_BASE: port ${server.port} (${server.label}) is in use; ` +
          'another suite may be running, set GRPC_PORT_BASE to run beside it',
      )
    }
  }
  for (const gateway of gatewayReplicas(config.port, config.replicas)) {
    if (!(await isPortFree(gateway.port, config.host))) {
      throw new Error(
        `PORT: ${gateway.port} (${gateway.name}) is in use on ${config.host}; set PORT`,
      )
    }
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

/** Creates the databases of the services that have one of their own, where missing. */
async function prepareServiceDatabases(
  config: LauncherConfig,
  services: readonly AssignedService[],
  logger: Logger,
) {
  for (const service of services) {
    const url = config.serviceDatabaseUrls[service.info.name]
    if (url === undefined) continue
    if (await prepareServiceDatabase(databaseUrlVariable(service.info.name), url)) {
      logger.info({ target: service.info.name }, 'created its database')
    }
  }
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
    await prepareServiceDatabases(config, services, logger)
    if (cancelled()) return
    const backends: Backends = { databaseUrl, redisUrl }
    const installation = await claimInstallation(config, backends)
    if (cancelled()) return
    // Every child gets the id (child-env.ts): one prefix for all, whatever their databases.
    config.installationId = installation.id
    logger.info({ installation: installation.id, prefix: installation.prefix }, 'installation')

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

    // Every replica on its own port; every client is given all replicas of each server.
    const addresses = replicaAddressBook(services, config.replicas)
    for (const replica of expandReplicas(services, config.replicas)) {
      const env = {
        ...domainServiceEnv(config, replica.service, backends, services, replica.role),
        ...addresses,
        ...(replica.grpcPort === undefined ? {} : { GRPC_PORT: String(replica.grpcPort) }),
      }
      const spec = roleSpec(root, replica.service.info.name, replica.role, env)
      supervisor.spawn({ ...spec, name: replica.name })
    }
    const deadline = Date.now() + READY_TIMEOUT_MS
    await waitForServers(replicaAddresses(services, config.replicas), { deadline, cancelled })
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
    const gateways = gatewayReplicas(config.port, config.replicas)
    for (const gateway of gateways) {
      const env = {
        ...gatewayEnv(config, assigned, backends),
        ...replicaAddressBook(assigned, config.replicas),
        PORT: String(gateway.port),
      }
      supervisor.spawn({ ...roleSpec(root, GATEWAY, undefined, env), name: gateway.name })
    }
    for (const gateway of gateways) {
      const url = `http://${pollHost(config.host)}:${gateway.port}/-/readiness`
      await waitForHttp(gateway.name, url, { deadline, cancelled })
      if (cancelled()) return
    }
    supervisor.markReady()
    // Before the ready line, which whoever waits for the suite looks for.
    if (gateways.length > 1) {
      const urls = gateways.map((g) => `http://${pollHost(config.host)}:${g.port}`)
      process.stdout.write(`${gateways.length} gateways listen at ${urls.join(', ')}\n`)
    }
    process.stdout.write(`GitLab-compatible API ready at ${config.externalUrl}/api/v4\n`)
  })
}
