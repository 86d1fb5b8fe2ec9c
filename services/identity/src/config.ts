import { defaultAddresses, env as setting, loadConfig } from '@suite/runtime'

/** identity's own settings, on top of what every domain service reads (@suite/runtime). */
export interface IdentityConfig {
  /** INITIAL_ROOT_TOKEN: the personal access token seeded for root, if any. */
  readonly initialRootToken: string | undefined
  /** PROJECTS_ADDR: the projects service, told of group renames and transfers. */
  readonly projectsAddress: string
}

/**
 * The only reader of process.env in this service. A bad value stops the
 * process with one line naming the variable, as DESIGN.md asks.
 */
export function loadIdentityConfig(env: NodeJS.ProcessEnv = process.env): IdentityConfig {
  const token = env['INITIAL_ROOT_TOKEN']
  if (token !== undefined && token !== '' && !/^\S+$/.test(token)) {
    process.stderr.write('invalid configuration: INITIAL_ROOT_TOKEN: must not contain whitespace\n')
    process.exit(1)
  }
  const addresses = defaultAddresses()
  const raw = loadConfig(
    { PROJECTS_ADDR: setting.address(addresses['PROJECTS_ADDR'] ?? '127.0.0.1:50052') },
    env,
  )
  return Object.freeze({ initialRootToken: token || undefined, projectsAddress: raw.PROJECTS_ADDR })
}
