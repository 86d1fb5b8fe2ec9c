import { addressVariable } from '@suite/runtime'
import type { LauncherConfig } from './config.js'
import { LOOPBACK, type AssignedService } from './ports.js'

/** Where the data lives once the launcher has resolved or started it. */
export interface Backends {
  databaseUrl: string
  redisUrl: string
}

type Env = Record<string, string>

function sharedEnv(config: LauncherConfig, backends: Backends): Env {
  return {
    ...config.inherited,
    DATABASE_URL: backends.databaseUrl,
    REDIS_URL: backends.redisUrl,
    EXTERNAL_URL: config.externalUrl,
    LOG_LEVEL: config.logLevel,
    ...(config.queuePrefix ? { QUEUE_PREFIX: config.queuePrefix } : {}),
  }
}

/** The environment of one domain service's process, whatever its role. */
export function domainServiceEnv(
  config: LauncherConfig,
  service: AssignedService,
  backends: Backends,
): Env {
  const env: Env = {
    ...sharedEnv(config, backends),
    GRPC_HOST: LOOPBACK,
    GRPC_PORT: String(service.grpcPort),
    METRICS_HOST: LOOPBACK,
    METRICS_PORT: '0',
  }
  // The root token is a secret: only the service that seeds root gets it.
  if (service.info.name === 'identity' && config.initialRootToken) {
    env['INITIAL_ROOT_TOKEN'] = config.initialRootToken
  }
  if (service.info.name === 'projects') env['REPOSITORY_ROOT'] = config.repositoryRoot
  return env
}

/** The gateway's environment: its HTTP address and where every domain service listens. */
export function gatewayEnv(
  config: LauncherConfig,
  services: readonly AssignedService[],
  backends: Backends,
): Env {
  const env: Env = {
    ...sharedEnv(config, backends),
    PORT: String(config.port),
    HOST: config.host,
  }
  for (const service of services) env[addressVariable(service.info.name)] = service.address
  return env
}
