import { z } from 'zod'
import { env, loadConfig } from './config.js'
import { installationIdSetting, queuePrefixSetting } from './installation.js'
import { internalSecretSetting } from './internal-credential.js'
import { databaseUrlVariable } from './services.js'

/**
 * The variable that gives `service` its database: its own
 * (IDENTITY_DATABASE_URL, MERGE_REQUESTS_DATABASE_URL, ...) when set and not
 * empty, else DATABASE_URL, shared by every service without one of its own.
 */
export function serviceDatabaseVariable(service: string, environment: NodeJS.ProcessEnv): string {
  const own = databaseUrlVariable(service)
  return environment[own] ? own : 'DATABASE_URL'
}

/**
 * The environment every domain service reads, on top of its own variables.
 * DATABASE_URL is the service's database: `service`'s own variable when set
 * (serviceDatabaseVariable), which a bad value is reported under.
 */
export function loadServiceConfig(
  defaultGrpcPort: number,
  service?: string,
  environment: NodeJS.ProcessEnv = process.env,
) {
  const variable = service ? serviceDatabaseVariable(service, environment) : 'DATABASE_URL'
  return loadConfig(
    {
      // Loopback unless told otherwise: the chart sets 0.0.0.0 for pods, `npm start` leaves it.
      GRPC_HOST: env.string('127.0.0.1'),
      GRPC_PORT: env.port(defaultGrpcPort),
      METRICS_HOST: env.string('127.0.0.1'),
      /** 0 picks a free port. */
      METRICS_PORT: env.port(0),
      DATABASE_URL: env.url(),
      /** Connections each process may hold open to PostgreSQL. */
      DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
      /**
       * statement_timeout of this process's connections in ms (0: none); unset,
       * the role decides (statementTimeoutFor in service-main.ts).
       */
      DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(86_400_000).optional(),
      /**
       * 'transaction': DATABASE_URL is a pooler in transaction mode (PgBouncer
       * pool_mode=transaction); no session state is kept on it (db.ts).
       */
      DATABASE_POOLER: z.enum(['session', 'transaction']).default('session'),
      /**
       * A connection straight to PostgreSQL for what needs a session of its
       * own (LISTEN); unset, DATABASE_URL.
       */
      DATABASE_DIRECT_URL: env.url().optional(),
      /** A PEM CA bundle: PostgreSQL over verified TLS (else the URL's sslmode decides). */
      DATABASE_SSL_CA_FILE: z.string().min(1).optional(),
      REDIS_URL: env.url('redis://127.0.0.1:6379'),
      /** Names the installation; unset, the database's identity does (installation.ts). */
      INSTALLATION_ID: installationIdSetting(),
      /** The Redis key prefix; unset, derived from the installation. */
      QUEUE_PREFIX: queuePrefixSetting(),
      LOG_LEVEL: env.logLevel(),
      EXTERNAL_URL: z.url().optional(),
      /** The shared secret every internal gRPC call carries (`npm start` generates one). */
      INTERNAL_API_SECRET: internalSecretSetting(),
    },
    variable === 'DATABASE_URL'
      ? environment
      : { ...environment, DATABASE_URL: environment[variable] },
    variable === 'DATABASE_URL' ? undefined : { DATABASE_URL: variable },
  )
}

export type ServiceConfig = ReturnType<typeof loadServiceConfig>
