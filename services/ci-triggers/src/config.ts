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
      // GitLab's allow_runner_registration_token: legacy POST /runners registers
      // instance runners with this token; unset, it answers 410 Gone.
      RUNNER_REGISTRATION_TOKEN: z.string().min(16).optional(),
      // Seconds past a job's timeout before a job whose runner went silent is failed.
      CI_JOB_DEADLINE_GRACE_SECONDS: z.coerce.number().int().min(0).default(60),
      // The largest job log, in bytes (GitLab's ci_jobs_trace_size_limit, 100 MiB).
      CI_JOB_LOG_MAX_BYTES: z.coerce
        .number()
        .int()
        .min(1024)
        .default(100 * 1024 * 1024),
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
    runnerRegistrationToken: raw.RUNNER_REGISTRATION_TOKEN,
    jobDeadlineGraceSeconds: raw.CI_JOB_DEADLINE_GRACE_SECONDS,
    jobLogMaxBytes: raw.CI_JOB_LOG_MAX_BYTES,
  })
}

export type CiTriggersConfig = ReturnType<typeof loadCiTriggersConfig>
