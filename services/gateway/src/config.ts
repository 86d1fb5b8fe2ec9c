import { z } from 'zod'
import { DOMAIN_SERVICES, env, loadConfig } from '@suite/runtime'

/** The default loopback address of a domain service, from the suite's port table. */
function defaultAddress(service: string): string {
  const info = DOMAIN_SERVICES.find((candidate) => candidate.name === service)
  if (!info) throw new Error(`unknown domain service ${service}`)
  return `127.0.0.1:${info.grpcPort}`
}

/**
 * The only reader of process.env in the gateway. A bad value stops the process
 * with one line naming it (loadConfig does that).
 */
export function loadGatewayConfig(environment: NodeJS.ProcessEnv = process.env) {
  const raw = loadConfig(
    {
      PORT: env.port(8080),
      HOST: env.string('0.0.0.0'),
      EXTERNAL_URL: z.url().optional(),
      // Only for the readiness check; without it the check is left out.
      DATABASE_URL: z.url().optional(),
      REDIS_URL: env.url('redis://127.0.0.1:6379'),
      IDENTITY_ADDR: env.address(defaultAddress('identity')),
      PROJECTS_ADDR: env.address(defaultAddress('projects')),
      MERGE_REQUESTS_ADDR: env.address(defaultAddress('merge-requests')),
      CI_TRIGGERS_ADDR: env.address(defaultAddress('ci-triggers')),
      ALERTING_ADDR: env.address(defaultAddress('alerting')),
      LOG_LEVEL: env.logLevel(),
    },
    environment,
  )
  return Object.freeze({
    port: raw.PORT,
    host: raw.HOST,
    externalUrl: (raw.EXTERNAL_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, ''),
    databaseUrl: raw.DATABASE_URL,
    redisUrl: raw.REDIS_URL,
    logLevel: raw.LOG_LEVEL,
    /** Every domain service the gateway calls, by its suite name. */
    services: Object.freeze({
      identity: raw.IDENTITY_ADDR,
      projects: raw.PROJECTS_ADDR,
      'merge-requests': raw.MERGE_REQUESTS_ADDR,
      'ci-triggers': raw.CI_TRIGGERS_ADDR,
      alerting: raw.ALERTING_ADDR,
    }),
  })
}

export type GatewayConfig = ReturnType<typeof loadGatewayConfig>
