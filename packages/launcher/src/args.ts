import { DOMAIN_SERVICES, type ServiceInfo } from '@suite/runtime'

export type Command =
  | { kind: 'start' }
  | { kind: 'migrate' }
  | { kind: 'help' }
  /** One service role in this process (the container entrypoint); the gateway has no role. */
  | { kind: 'run'; service: string; role: string | undefined }
  | { kind: 'error'; message: string }

export const GATEWAY = 'gateway'

export const USAGE = `usage: suite <command>

  suite start                 migrate, then run every service on loopback (npm start)
  suite migrate               run every domain service's migrations, identity first
  suite gateway               run the HTTP gateway
  suite <service> <role>      run one role of a domain service
                              services: ${DOMAIN_SERVICES.map((s) => s.name).join(', ')}
                              roles: server, migrate, and the service's extra roles
`

/** The roles a domain service answers to: server, migrate and whatever it declares. */
export function rolesOf(info: ServiceInfo): string[] {
  return ['server', 'migrate', ...info.extraRoles.map((role) => role.name)]
}

/** Reads the arguments after `suite`. */
export function parseArgs(
  args: readonly string[],
  services: readonly ServiceInfo[] = DOMAIN_SERVICES,
): Command {
  const [first, second, ...rest] = args
  if (first === undefined || first === 'help' || first === '--help' || first === '-h') {
    return { kind: 'help' }
  }
  if (first === 'start' || first === 'migrate') {
    if (second !== undefined) return { kind: 'error', message: `${first} takes no arguments` }
    return { kind: first }
  }
  if (first === GATEWAY) {
    // `gateway server` is accepted so every image entrypoint can name a role.
    if ((second !== undefined && second !== 'server') || rest.length > 0) {
      return { kind: 'error', message: 'the gateway takes no role' }
    }
    return { kind: 'run', service: GATEWAY, role: undefined }
  }
  const info = services.find((service) => service.name === first)
  if (!info) return { kind: 'error', message: `unknown command or service "${first}"` }
  const roles = rolesOf(info)
  if (second === undefined) {
    return { kind: 'error', message: `${first} needs a role: ${roles.join(', ')}` }
  }
  if (!roles.includes(second)) {
    return { kind: 'error', message: `${first} has no role "${second}" (${roles.join(', ')})` }
  }
  if (rest.length > 0) return { kind: 'error', message: 'too many arguments' }
  return { kind: 'run', service: first, role: second }
}
