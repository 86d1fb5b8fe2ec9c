import type { Logger, ServiceInfo } from '@suite/runtime'
import { describeExit, spawnChild, type ChildExit, type ChildSpec } from './child.js'
import { isBuilt, serviceMain } from './paths.js'

/** How one service's role is run as a child of the launcher. */
export function roleSpec(
  root: string,
  service: string,
  role: string | undefined,
  env?: Record<string, string>,
): ChildSpec {
  return {
    name: role ? `${service} ${role}` : service,
    command: process.execPath,
    args: [serviceMain(root, service), ...(role ? [role] : [])],
    cwd: root,
    ...(env ? { env } : {}),
  }
}

/**
 * Runs each service's `migrate` role in DOMAIN_SERVICES order (identity
 * first, since others may refer to its users), stopping at the first failure.
 */
export async function migrateAll<S extends { info: ServiceInfo }>(
  services: readonly S[],
  run: (service: S) => Promise<ChildExit>,
  logger: Logger,
  cancelled: () => boolean = () => false,
): Promise<void> {
  for (const service of services) {
    if (cancelled()) return
    logger.info({ target: service.info.name }, 'migrating')
    const exit = await run(service)
    if (cancelled()) return
    if (exit.code !== 0) {
      throw new Error(`migrations of ${service.info.name} failed (${describeExit(exit)})`)
    }
  }
}

/**
 * `suite migrate`: the deploy-time job. Every service must be built; each
 * runs with the launcher's environment (DATABASE_URL and the rest).
 */
export async function migrateCommand(
  root: string,
  services: readonly ServiceInfo[],
  logger: Logger,
): Promise<number> {
  const missing = services.filter((service) => !isBuilt(root, service.name))
  if (missing.length > 0) {
    const names = missing.map((service) => serviceMain(root, service.name)).join(', ')
    process.stderr.write(`suite: not built: ${names} (run npx tsc -b)\n`)
    return 1
  }
  let current: ReturnType<typeof spawnChild> | undefined
  let interrupted = false
  const onSignal = () => {
    interrupted = true
    void current?.stop()
  }
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
  try {
    await migrateAll(
      services.map((info) => ({ info })),
      (service) => {
        current = spawnChild(roleSpec(root, service.info.name, 'migrate'))
        return current.exited
      },
      logger,
      () => interrupted,
    )
  } catch (error) {
    process.stderr.write(`suite: ${error instanceof Error ? error.message : String(error)}\n`)
    return 1
  }
  if (interrupted) return 1
  logger.info('all migrations done')
  return 0
}
