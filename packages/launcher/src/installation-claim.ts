import { claimQueuePrefixAt, resolveInstallation, type Installation } from '@suite/runtime'
import type { Backends } from './child-env.js'
import type { LauncherConfig } from './config.js'

/**
 * The installation `start` runs: INSTALLATION_ID, else the identity of the
 * database, with its queue prefix claimed in Redis before any process is
 * spawned, so that a prefix held by another installation stops the start
 * with one line instead of a restart loop of every child.
 */
export async function claimInstallation(
  config: LauncherConfig,
  backends: Backends,
): Promise<Installation> {
  const installation = await resolveInstallation({
    installationId: config.installationId,
    queuePrefix: config.queuePrefix,
    databaseUrl: backends.databaseUrl,
  })
  await claimQueuePrefixAt(backends.redisUrl, installation)
  return installation
}
