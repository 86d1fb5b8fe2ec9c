import { z } from 'zod'
import { defaultAddresses, env, loadConfig } from '@suite/runtime'

/** The merge-requests service's own variables (the shared ones come from loadServiceConfig). */
export function loadMergeRequestsConfig(environment: NodeJS.ProcessEnv = process.env) {
  const addresses = defaultAddresses()
  const raw = loadConfig(
    {
      PROJECTS_ADDR: env.address(addresses['PROJECTS_ADDR'] ?? '127.0.0.1:50052'),
      REPOSITORY_ADDR: env.address(addresses['REPOSITORY_ADDR'] ?? '127.0.0.1:50056'),
      IDENTITY_ADDR: env.address(addresses['IDENTITY_ADDR'] ?? '127.0.0.1:50051'),
      CI_TRIGGERS_ADDR: env.address(addresses['CI_TRIGGERS_ADDR'] ?? '127.0.0.1:50054'),
      EXTERNAL_URL: z.url().default('http://localhost:8080'),
      // GitLab's restrict_merge_status_recheck feature flag (disabled by default).
      RESTRICT_MERGE_STATUS_RECHECK: env.bool(false),
    },
    environment,
  )
  return Object.freeze({
    projectsAddress: raw.PROJECTS_ADDR,
    repositoryAddress: raw.REPOSITORY_ADDR,
    identityAddress: raw.IDENTITY_ADDR,
    ciTriggersAddress: raw.CI_TRIGGERS_ADDR,
    externalUrl: raw.EXTERNAL_URL.replace(/\/+$/, ''),
    restrictMergeStatusRecheck: raw.RESTRICT_MERGE_STATUS_RECHECK,
  })
}

export type MergeRequestsConfig = ReturnType<typeof loadMergeRequestsConfig>
