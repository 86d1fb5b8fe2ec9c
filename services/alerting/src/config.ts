import { z } from 'zod'
import {
  defaultAddresses,
  encryptionKeySetting,
  env,
  loadConfig,
  requireEncryptionKeyInProduction,
} from '@suite/runtime'

/** The alerting service's own variables (the shared ones come from loadServiceConfig). */
export function loadAlertingConfig(environment: NodeJS.ProcessEnv = process.env) {
  const addresses = defaultAddresses()
  const raw = loadConfig(
    {
      PROJECTS_ADDR: env.address(addresses['PROJECTS_ADDR'] ?? '127.0.0.1:50052'),
      ENCRYPTION_KEY: encryptionKeySetting(),
      // GitLab's inbound incident management alert limit: requests per project
      // per hour (GitLab's default when enabled: 3600); 0, the default, is off.
      ALERT_NOTIFY_LIMIT_PER_PROJECT_HOUR: z.coerce.number().int().min(0).default(0),
    },
    environment,
  )
  requireEncryptionKeyInProduction(raw.ENCRYPTION_KEY, environment)
  return Object.freeze({
    projectsAddress: raw.PROJECTS_ADDR,
    /** Seals integration keys; undefined outside production means a per-process key. */
    encryptionKey: raw.ENCRYPTION_KEY,
    notifyLimitPerProjectHour: raw.ALERT_NOTIFY_LIMIT_PER_PROJECT_HOUR,
  })
}

export type AlertingConfig = ReturnType<typeof loadAlertingConfig>
