import { isIP } from 'node:net'
import { z } from 'zod'
import {
  defaultAddresses,
  env,
  installationIdSetting,
  internalSecretSetting,
  loadConfig,
  queuePrefixSetting,
} from '@suite/runtime'

/** The default loopback address of a gRPC server, from the suite's port table. */
function defaultAddress(variable: string): string {
  const address = defaultAddresses()[variable]
  if (!address) throw new Error(`unknown gRPC server ${variable}`)
  return address
}

/** Express's names for address ranges, usable in TRUST_PROXY. */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal'])

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGES.has(entry)) return true
  const [address = '', prefix, ...rest] = entry.split('/')
  const family = isIP(address)
  if (family === 0 || rest.length > 0) return false
  if (prefix === undefined) return true
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128)
}

/**
 * Which proxies' X-Forwarded-For names the client (GitLab's trusted_proxies),
 * as Express's `trust proxy`: none by default, a hop count, or a comma list of
 * addresses, CIDR ranges and loopback/linklocal/uniquelocal.
 */
const trustProxy = z
  .string()
  .default('')
  .transform((value) => value.trim())
  .refine(
    (value) =>
      ['', 'false'].includes(value) ||
      /^\d+$/.test(value) ||
      value.split(',').every((e) => isProxyAddress(e.trim())),
    'expected a hop count or a comma list of addresses, CIDR ranges, loopback, linklocal, uniquelocal',
  )
  .transform((value): number | string[] | false => {
    if (value === '' || value === 'false') return false
    if (/^\d+$/.test(value)) return Number(value)
    return value.split(',').map((e) => e.trim())
  })

/** A throttle's requests per period or period: a whole number above 0, as GitLab validates them. */
const positiveInteger = (fallback: number) => z.coerce.number().int().min(1).default(fallback)

/**
 * The only reader of process.env in the gateway. A bad value stops the process
 * with one line naming it (loadConfig does that).
 */
export function loadGatewayConfig(environment: NodeJS.ProcessEnv = process.env) {
  const raw = loadConfig(
    {
      PORT: env.port(8080),
      HOST: env.string('0.0.0.0'),
      // A second port for /metrics and the probes, which the Ingress does not route to;
      // unset, /metrics is served on PORT.
      METRICS_PORT: env.port(0),
      EXTERNAL_URL: z.url().optional(),
      // For the readiness check and, without INSTALLATION_ID, the installation's identity.
      DATABASE_URL: z.url().optional(),
      REDIS_URL: env.url('redis://127.0.0.1:6379'),
      // Which installation this gateway serves, and its Redis key prefix (installation.ts).
      INSTALLATION_ID: installationIdSetting(),
      QUEUE_PREFIX: queuePrefixSetting(),
      IDENTITY_ADDR: env.address(defaultAddress('IDENTITY_ADDR')),
      PROJECTS_ADDR: env.address(defaultAddress('PROJECTS_ADDR')),
      MERGE_REQUESTS_ADDR: env.address(defaultAddress('MERGE_REQUESTS_ADDR')),
      CI_TRIGGERS_ADDR: env.address(defaultAddress('CI_TRIGGERS_ADDR')),
      ALERTING_ADDR: env.address(defaultAddress('ALERTING_ADDR')),
      REPOSITORY_ADDR: env.address(defaultAddress('REPOSITORY_ADDR')),
      LOG_LEVEL: env.logLevel(),
      // Serialized GET answers kept per viewer (0 turns the cache off), and how
      // long a writer's own reads skip it while other replicas hear of the write.
      RESPONSE_CACHE_MAX_BYTES: z.coerce
        .number()
        .int()
        .min(0)
        .default(64 * 1024 * 1024),
      RESPONSE_CACHE_STICKY_MS: z.coerce.number().int().min(0).default(2_000),
      // Projects (as each caller sees them) and users held in memory; 0 turns them off.
      READ_MODEL_ENTRIES: z.coerce.number().int().min(0).default(10_000),
      TRUST_PROXY: trustProxy,
      // The commit the image was built from (the Dockerfile's REVISION), shown by /version;
      // "unknown" is the Dockerfile's default when the build was not told.
      REVISION: z
        .string()
        .regex(/^([0-9a-f]{7,40}|unknown)$/, 'expected a git commit id or unknown')
        .optional(),
      // GitLab's user and IP rate limits for /api: off by default, as on self-managed.
      THROTTLE_AUTHENTICATED_API_ENABLED: env.bool(false),
      THROTTLE_AUTHENTICATED_API_REQUESTS_PER_PERIOD: positiveInteger(7200),
      THROTTLE_AUTHENTICATED_API_PERIOD_IN_SECONDS: positiveInteger(3600),
      THROTTLE_UNAUTHENTICATED_API_ENABLED: env.bool(false),
      THROTTLE_UNAUTHENTICATED_API_REQUESTS_PER_PERIOD: positiveInteger(3600),
      THROTTLE_UNAUTHENTICATED_API_PERIOD_IN_SECONDS: positiveInteger(3600),
      // How long POST /jobs/request holds a runner whose queue has not changed
      // (Workhorse's apiCiLongPollingDuration; 0 answers at once).
      RUNNER_LONG_POLL_SECONDS: z.coerce.number().int().min(0).max(300).default(50),
      // Long polls one runner may hold at once on this gateway; more are answered at once.
      RUNNER_LONG_POLLS_PER_RUNNER: z.coerce.number().int().min(1).max(100).default(2),
      // Sent with every call to the domain services, which refuse calls without it.
      INTERNAL_API_SECRET: internalSecretSetting(),
    },
    environment,
  )
  return Object.freeze({
    port: raw.PORT,
    host: raw.HOST,
    metricsPort: raw.METRICS_PORT,
    externalUrl: (raw.EXTERNAL_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, ''),
    databaseUrl: raw.DATABASE_URL,
    redisUrl: raw.REDIS_URL,
    installation: Object.freeze({
      installationId: raw.INSTALLATION_ID,
      queuePrefix: raw.QUEUE_PREFIX,
      databaseUrl: raw.DATABASE_URL,
    }),
    logLevel: raw.LOG_LEVEL,
    readModelEntries: raw.READ_MODEL_ENTRIES,
    trustProxy: raw.TRUST_PROXY,
    revision: raw.REVISION === 'unknown' ? undefined : raw.REVISION,
    runnerLongPollMs: raw.RUNNER_LONG_POLL_SECONDS * 1000,
    runnerLongPollsPerRunner: raw.RUNNER_LONG_POLLS_PER_RUNNER,
    internalSecret: raw.INTERNAL_API_SECRET,
    throttles: Object.freeze({
      authenticatedApi: Object.freeze({
        enabled: raw.THROTTLE_AUTHENTICATED_API_ENABLED,
        requestsPerPeriod: raw.THROTTLE_AUTHENTICATED_API_REQUESTS_PER_PERIOD,
        periodSeconds: raw.THROTTLE_AUTHENTICATED_API_PERIOD_IN_SECONDS,
      }),
      unauthenticatedApi: Object.freeze({
        enabled: raw.THROTTLE_UNAUTHENTICATED_API_ENABLED,
        requestsPerPeriod: raw.THROTTLE_UNAUTHENTICATED_API_REQUESTS_PER_PERIOD,
        periodSeconds: raw.THROTTLE_UNAUTHENTICATED_API_PERIOD_IN_SECONDS,
      }),
    }),
    responseCache: Object.freeze({
      maxBytes: raw.RESPONSE_CACHE_MAX_BYTES,
      stickyMs: raw.RESPONSE_CACHE_STICKY_MS,
    }),
    /** Every domain service the gateway calls, by its suite name. */
    services: Object.freeze({
      identity: raw.IDENTITY_ADDR,
      projects: raw.PROJECTS_ADDR,
      'merge-requests': raw.MERGE_REQUESTS_ADDR,
      'ci-triggers': raw.CI_TRIGGERS_ADDR,
      alerting: raw.ALERTING_ADDR,
      repository: raw.REPOSITORY_ADDR,
    }),
  })
}

export type GatewayConfig = ReturnType<typeof loadGatewayConfig>
