import { resolve } from 'node:path'
import {
  DOMAIN_SERVICES,
  databaseUrlVariable,
  env,
  installationIdSetting,
  internalSecretSetting,
  parseEncryptionKey,
  queuePrefixSetting,
} from '@suite/runtime'
import { parseReplicas, replicaPortError, type ReplicaCounts } from './replicas.js'

/** What `suite start` runs with; the only place the launcher reads the environment. */
export interface LauncherConfig {
  /** Gateway HTTP port. */
  port: number
  /** Gateway bind address; loopback unless told otherwise. */
  host: string
  /** Base of every URL the API prints, without a trailing slash. */
  externalUrl: string
  /** Unset: the launcher runs an embedded PostgreSQL under dataDir. */
  databaseUrl: string | undefined
  /**
   * The services given a database of their own (<SERVICE>_DATABASE_URL), by
   * service name; the others use databaseUrl.
   */
  serviceDatabaseUrls: Readonly<Record<string, string>>
  /** Absolute. */
  dataDir: string
  embeddedPgPort: number
  redisUrl: string
  /** False when REDIS_URL was not set, which allows starting a private redis-server. */
  redisUrlExplicit: boolean
  initialRootToken: string | undefined
  /**
   * The key that encrypts stored secrets (trigger tokens, alert keys); unset:
   * `start` generates one under dataDir on first start and keeps it there.
   */
  encryptionKey: string | undefined
  /**
   * The shared secret of internal gRPC calls; unset: `start` generates a new
   * one on each start (every process restarts with it, so none is kept).
   */
  internalSecret: string | undefined
  grpcPortBase: number
  logLevel: string
  /** Unset: `start` derives it from the database and hands it to every process. */
  installationId: string | undefined
  /** Unset: every process derives it from the installation id. */
  queuePrefix: string | undefined
  /** Absolute. */
  repositoryRoot: string
  /** The environment children start from (everything but the secrets above). */
  inherited: Record<string, string>
  /** REPLICAS and REPLICAS_<SERVICE>_<ROLE>: how many processes of each role run (replicas.ts). */
  replicas: ReplicaCounts
}

export type ConfigResult = { ok: true; config: LauncherConfig } | { ok: false; error: string }

interface Schema<T> {
  safeParse(
    value: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } }
}

class ConfigError extends Error {}

const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379'

/**
 * Handed only to the children that need them, never inherited by all: a
 * service's own database URL goes to that service alone, as its DATABASE_URL.
 */
const SECRET_VARIABLES = new Set([
  'INITIAL_ROOT_TOKEN',
  'ENCRYPTION_KEY',
  'INTERNAL_API_SECRET',
  ...DOMAIN_SERVICES.map((service) => databaseUrlVariable(service.name)),
])

const POSTGRES_URL = /^postgres(ql)?:\/\//

/** Parses the launcher's variables; an empty value counts as unset. */
export function parseLauncherConfig(
  environment: NodeJS.ProcessEnv,
  repoRoot: string,
): ConfigResult {
  const vars: Record<string, string> = {}
  for (const [name, value] of Object.entries(environment)) {
    if (value !== undefined && value !== '') vars[name] = value
  }
  const read = <T>(name: string, schema: Schema<T>): T => {
    const result = schema.safeParse(vars[name])
    if (!result.success) {
      throw new ConfigError(`${name}: ${result.error.issues[0]?.message ?? 'invalid'}`)
    }
    return result.data
  }
  try {
    const port = read('PORT', env.port(8080))
    if (port === 0) throw new ConfigError('PORT: must not be 0')
    const grpcPortBase = read('GRPC_PORT_BASE', env.port(50051))
    const lastGrpcPort = grpcPortBase + DOMAIN_SERVICES.length - 1
    if (grpcPortBase === 0 || lastGrpcPort > 65535) {
      throw new ConfigError(
        `GRPC_PORT_BASE: must be between 1 and ${65536 - DOMAIN_SERVICES.length}`,
      )
    }
    if (port >= grpcPortBase && port <= lastGrpcPort) {
      throw new ConfigError(
        `PORT: ${port} collides with the gRPC ports ${grpcPortBase}-${lastGrpcPort}`,
      )
    }
    const replicas = parseReplicas(vars)
    if (!replicas.ok) throw new ConfigError(replicas.error)
    const replicaError = replicaPortError(port, grpcPortBase, replicas.counts)
    if (replicaError) throw new ConfigError(replicaError)
    const embeddedPgPort = read('EMBEDDED_PG_PORT', env.port(54329))
    if (embeddedPgPort === 0) throw new ConfigError('EMBEDDED_PG_PORT: must not be 0')
    const postgresUrl = (name: string): string | undefined => {
      const url = vars[name]
      if (url === undefined) return undefined
      read(name, env.url())
      if (!POSTGRES_URL.test(url)) {
        throw new ConfigError(`${name}: expected a postgres:// or postgresql:// URL`)
      }
      return url
    }
    const databaseUrl = postgresUrl('DATABASE_URL')
    const serviceDatabaseUrls: Record<string, string> = {}
    for (const service of DOMAIN_SERVICES) {
      const url = service.schema ? postgresUrl(databaseUrlVariable(service.name)) : undefined
      if (url !== undefined) serviceDatabaseUrls[service.name] = url
    }
    const redisUrl = read('REDIS_URL', env.url(DEFAULT_REDIS_URL))
    if (!/^rediss?:\/\//.test(redisUrl)) {
      throw new ConfigError('REDIS_URL: expected a redis:// or rediss:// URL')
    }
    const externalUrl = read('EXTERNAL_URL', env.url(`http://localhost:${port}`))
    if (!/^https?:\/\//.test(externalUrl)) {
      throw new ConfigError('EXTERNAL_URL: expected an http:// or https:// URL')
    }
    const dataDir = resolve(repoRoot, vars['DATA_DIR'] ?? '.data')
    const encryptionKey = vars['ENCRYPTION_KEY']
    if (encryptionKey !== undefined && !parseEncryptionKey(encryptionKey)) {
      throw new ConfigError(
        'ENCRYPTION_KEY: expected 64 hexadecimal characters or the base64 of 32 bytes',
      )
    }
    const internalSecret =
      vars['INTERNAL_API_SECRET'] === undefined
        ? undefined
        : read('INTERNAL_API_SECRET', internalSecretSetting())
    const inherited: Record<string, string> = {}
    for (const [name, value] of Object.entries(environment)) {
      if (value !== undefined && !SECRET_VARIABLES.has(name)) inherited[name] = value
    }
    return {
      ok: true,
      config: {
        port,
        host: read('HOST', env.string('127.0.0.1')),
        externalUrl: externalUrl.replace(/\/+$/, ''),
        databaseUrl,
        serviceDatabaseUrls,
        dataDir,
        embeddedPgPort,
        redisUrl,
        redisUrlExplicit: vars['REDIS_URL'] !== undefined,
        initialRootToken: vars['INITIAL_ROOT_TOKEN'],
        encryptionKey,
        internalSecret,
        grpcPortBase,
        logLevel: read('LOG_LEVEL', env.logLevel()),
        installationId: read('INSTALLATION_ID', installationIdSetting()),
        queuePrefix: read('QUEUE_PREFIX', queuePrefixSetting()),
        repositoryRoot: resolve(
          repoRoot,
          vars['REPOSITORY_ROOT'] ?? resolve(dataDir, 'repositories'),
        ),
        inherited,
        replicas: replicas.counts,
      },
    }
  } catch (error) {
    if (error instanceof ConfigError) return { ok: false, error: error.message }
    throw error
  }
}

/** Reads process.env; a bad value stops the launcher with one line naming it. */
export function loadLauncherConfig(repoRoot: string): LauncherConfig {
  const result = parseLauncherConfig(process.env, repoRoot)
  if (!result.ok) {
    process.stderr.write(`invalid configuration: ${result.error}\n`)
    process.exit(1)
  }
  return result.config
}

/** LOG_LEVEL alone, for commands that need no other setting. */
export function launcherLogLevel(environment: NodeJS.ProcessEnv = process.env): string {
  const result = env.logLevel().safeParse(environment['LOG_LEVEL'] || undefined)
  return result.success ? result.data : 'info'
}
