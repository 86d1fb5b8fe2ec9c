import type { LauncherConfig } from './config.js'
import { grpcAddresses, LOOPBACK, type AssignedService } from './ports.js'

/** Where the data lives once the launcher has resolved or started it. */
export interface Backends {
  databaseUrl: string
  redisUrl: string
}

type Env = Record<string, string>

/** The services that keep secrets encrypted at rest (ENCRYPTION_KEY). */
const SECRET_HOLDERS = new Set(['ci-triggers', 'alerting', 'projects'])

function sharedEnv(config: LauncherConfig, backends: Backends): Env {
  return {
    ...config.inherited,
    DATABASE_URL: backends.databaseUrl,
    REDIS_URL: backends.redisUrl,
    EXTERNAL_URL: config.externalUrl,
    LOG_LEVEL: config.logLevel,
    // Every process calls or serves gRPC (migrate roles read the same service config).
    ...(config.internalSecret ? { INTERNAL_API_SECRET: config.internalSecret } : {}),
    // One installation id for every process (start.ts resolves it before spawning any), so
    // that they share one queue prefix even where their databases differ.
    ...(config.installationId ? { INSTALLATION_ID: config.installationId } : {}),
    ...(config.queuePrefix ? { QUEUE_PREFIX: config.queuePrefix } : {}),
  }
}

/** Where every gRPC server of the suite listens, by *_ADDR variable: services call each other too. */
function addressBook(services: readonly AssignedService[]): Env {
  return Object.fromEntries(
    grpcAddresses(services).map((server) => [server.variable, server.address]),
  )
}

/**
 * The environment of one domain service's process. GRPC_PORT is the role's
 * own port (the server's for roles that serve no gRPC: they do not listen).
 */
export function domainServiceEnv(
  config: LauncherConfig,
  service: AssignedService,
  backends: Backends,
  all: readonly AssignedService[] = [service],
  role = 'server',
): Env {
  const port = service.roles.find((candidate) => candidate.name === role)?.grpcPort
  const env: Env = {
    ...sharedEnv(config, backends),
    // Its own database when it has one (<SERVICE>_DATABASE_URL), else the shared one.
    DATABASE_URL: config.serviceDatabaseUrls[service.info.name] ?? backends.databaseUrl,
    ...addressBook(all),
    GRPC_HOST: LOOPBACK,
    GRPC_PORT: String(port ?? service.grpcPort),
    METRICS_HOST: LOOPBACK,
    METRICS_PORT: '0',
  }
  // The root token is a secret: only the service that seeds root gets it.
  if (service.info.name === 'identity' && config.initialRootToken) {
    env['INITIAL_ROOT_TOKEN'] = config.initialRootToken
  }
  if (service.info.name === 'projects') env['REPOSITORY_ROOT'] = config.repositoryRoot
  if (SECRET_HOLDERS.has(service.info.name) && config.encryptionKey) {
    env['ENCRYPTION_KEY'] = config.encryptionKey
  }
  return env
}

/** The gateway's environment: its HTTP address and where every domain service listens. */
export function gatewayEnv(
  config: LauncherConfig,
  services: readonly AssignedService[],
  backends: Backends,
): Env {
  return {
    ...sharedEnv(config, backends),
    ...addressBook(services),
    PORT: String(config.port),
    HOST: config.host,
  }
}
