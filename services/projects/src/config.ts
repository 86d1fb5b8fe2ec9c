import { z } from 'zod'
import {
  defaultAddresses,
  encryptionKeySetting,
  env,
  loadConfig,
  requireEncryptionKeyInProduction,
} from '@suite/runtime'

/** The projects service's own variables (the shared ones come from loadServiceConfig). */
export function loadProjectsConfig(environment: NodeJS.ProcessEnv = process.env) {
  const addresses = defaultAddresses()
  const raw = loadConfig(
    {
      REPOSITORY_ROOT: env.string('.data/repositories'),
      REPOSITORY_ADDR: env.address(addresses['REPOSITORY_ADDR'] ?? '127.0.0.1:50056'),
      IDENTITY_ADDR: env.address(addresses['IDENTITY_ADDR'] ?? '127.0.0.1:50051'),
      EXTERNAL_URL: z.url().default('http://localhost:8080'),
      // Where the repository role finds `git`; children get this PATH and nothing else of ours.
      PATH: env.string('/usr/local/bin:/usr/bin:/bin'),
      // GitLab's receive_max_input_size: the largest push (its pack), in MiB; 0: any size.
      RECEIVE_MAX_INPUT_SIZE_MB: z.coerce.number().int().min(0).default(0),
      // Seals webhook urls and tokens at rest.
      ENCRYPTION_KEY: encryptionKeySetting(),
      // GitLab's webhook_timeout: seconds a hook request may take, all of it (not idle time).
      WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().min(1).max(60).default(10),
      // Hook requests one worker process sends at once (its delivery slots).
      WEBHOOK_DELIVERY_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
      // Of those, how many one project's hooks may hold, so its slow receivers cannot take all.
      WEBHOOK_DELIVERY_CONCURRENCY_PER_PROJECT: z.coerce.number().int().min(1).max(256).default(4),
      // Requests per delivery before it is given up: the first and its retries.
      WEBHOOK_DELIVERY_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(4),
      // The first retry's delay; each next one doubles it.
      WEBHOOK_RETRY_DELAY_MS: z.coerce.number().int().min(10).default(10_000),
    },
    environment,
  )
  requireEncryptionKeyInProduction(raw.ENCRYPTION_KEY, environment)
  return Object.freeze({
    repositoryRoot: raw.REPOSITORY_ROOT,
    repositoryAddress: raw.REPOSITORY_ADDR,
    identityAddress: raw.IDENTITY_ADDR,
    externalUrl: raw.EXTERNAL_URL.replace(/\/+$/, ''),
    gitPath: raw.PATH,
    encryptionKey: raw.ENCRYPTION_KEY,
    receiveMaxInputBytes: raw.RECEIVE_MAX_INPUT_SIZE_MB * 1024 * 1024,
    webhooks: {
      timeoutMs: raw.WEBHOOK_TIMEOUT_SECONDS * 1000,
      attempts: raw.WEBHOOK_DELIVERY_ATTEMPTS,
      retryDelayMs: raw.WEBHOOK_RETRY_DELAY_MS,
      concurrency: raw.WEBHOOK_DELIVERY_CONCURRENCY,
      perProjectConcurrency: Math.min(
        raw.WEBHOOK_DELIVERY_CONCURRENCY_PER_PROJECT,
        raw.WEBHOOK_DELIVERY_CONCURRENCY,
      ),
    },
  })
}

export type ProjectsConfig = ReturnType<typeof loadProjectsConfig>
