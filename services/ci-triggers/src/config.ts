import { z } from 'zod'
import {
  defaultAddresses,
  encryptionKeySetting,
  env,
  loadConfig,
  requireEncryptionKeyInProduction,
} from '@suite/runtime'

/** The ci-triggers service's own variables (the shared ones come from loadServiceConfig). */
export function loadCiTriggersConfig(environment: NodeJS.ProcessEnv = process.env) {
  const addresses = defaultAddresses()
  const raw = loadConfig(
    {
      PROJECTS_ADDR: env.address(addresses['PROJECTS_ADDR'] ?? '127.0.0.1:50052'),
      REPOSITORY_ADDR: env.address(addresses['REPOSITORY_ADDR'] ?? '127.0.0.1:50056'),
      IDENTITY_ADDR: env.address(addresses['IDENTITY_ADDR'] ?? '127.0.0.1:50051'),
      EXTERNAL_URL: z.url().default('http://localhost:8080'),
      ENCRYPTION_KEY: encryptionKeySetting(),
      // GitLab's pipeline_limit_per_project_user_sha: pipelines per minute for one
      // project, user and commit; 0 (the self-managed default) is no limit.
      PIPELINE_LIMIT_PER_PROJECT_USER_SHA: z.coerce.number().int().min(0).default(0),
    },
    environment,
  )
  requireEncryptionKeyInProduction(raw.ENCRYPTION_KEY, environment)
  return Object.freeze({
    projectsAddress: raw.PROJECTS_ADDR,
    repositoryAddress: raw.REPOSITORY_ADDR,
    identityAddress: raw.IDENTITY_ADDR,
    externalUrl: raw.EXTERNAL_URL.replace(/\/+$/, ''),
    /** Seals trigger tokens; undefined outside production means a per-process key. */
    encryptionKey: raw.ENCRYPTION_KEY,
    pipelineLimitPerProjectUserSha: raw.PIPELINE_LIMIT_PER_PROJECT_USER_SHA,
  })
}

export type CiTriggersConfig = ReturnType<typeof loadCiTriggersConfig>
