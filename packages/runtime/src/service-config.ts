import { z } from 'zod'
import { env, loadConfig } from './config.js'
import { internalSecretSetting } from './internal-credential.js'

/** The environment every domain service reads, on top of its own variables. */
export function loadServiceConfig(defaultGrpcPort: number) {
  return loadConfig({
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
    /** A PEM CA bundle: PostgreSQL over verified TLS (else the URL's sslmode decides). */
    DATABASE_SSL_CA_FILE: z.string().min(1).optional(),
    REDIS_URL: env.url('redis://127.0.0.1:6379'),
    LOG_LEVEL: env.logLevel(),
    EXTERNAL_URL: z.url().optional(),
    /** The shared secret every internal gRPC call carries (`npm start` generates one). */
    INTERNAL_API_SECRET: internalSecretSetting(),
  })
}

export type ServiceConfig = ReturnType<typeof loadServiceConfig>
