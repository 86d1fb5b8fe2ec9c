/** identity's own settings, on top of what every domain service reads (@suite/runtime). */
export interface IdentityConfig {
  /** INITIAL_ROOT_TOKEN: the personal access token seeded for root, if any. */
  readonly initialRootToken: string | undefined
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
  return Object.freeze({ initialRootToken: token || undefined })
}
