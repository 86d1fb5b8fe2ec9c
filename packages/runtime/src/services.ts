/**
 * The suite's services and their default loopback ports. Every service name
 * (folder, Helm block, metrics label, log field, schema) derives from here.
 */
export interface RoleInfo {
  name: string
  /** Default port of a role that serves gRPC (the projects repository role); absent for workers. */
  grpcPort?: number
}

export interface ServiceInfo {
  name: string
  /** PostgreSQL schema, or null for a service without data. */
  schema: string | null
  /** Default port of the `server` role. */
  grpcPort: number
  /** Roles besides `server` and `migrate` that the launcher starts. */
  extraRoles: readonly RoleInfo[]
}

export const DOMAIN_SERVICES: readonly ServiceInfo[] = [
  { name: 'identity', schema: 'identity', grpcPort: 50051, extraRoles: [] },
  {
    name: 'projects',
    schema: 'projects',
    grpcPort: 50052,
    extraRoles: [{ name: 'repository', grpcPort: 50056 }, { name: 'worker' }],
  },
  {
    name: 'merge-requests',
    schema: 'merge_requests',
    grpcPort: 50053,
    extraRoles: [{ name: 'worker' }],
  },
  {
    name: 'ci-triggers',
    schema: 'ci_triggers',
    grpcPort: 50054,
    extraRoles: [{ name: 'worker' }],
  },
  { name: 'alerting', schema: 'alerting', grpcPort: 50055, extraRoles: [{ name: 'worker' }] },
]

/** Environment variable through which callers find a gRPC server, e.g. IDENTITY_ADDR, REPOSITORY_ADDR. */
export function addressVariable(serverName: string): string {
  return `${serverName.replace(/-/g, '_').toUpperCase()}_ADDR`
}

/**
 * The variable naming a service's own PostgreSQL database, e.g.
 * IDENTITY_DATABASE_URL, MERGE_REQUESTS_DATABASE_URL; unset, the service
 * uses DATABASE_URL, the database every service without one of its own shares.
 */
export function databaseUrlVariable(serviceName: string): string {
  return `${serviceName.replace(/-/g, '_').toUpperCase()}_DATABASE_URL`
}

/** The entry for one domain service; throws on a name that is not in DOMAIN_SERVICES. */
export function domainService(name: string): ServiceInfo {
  const info = DOMAIN_SERVICES.find((service) => service.name === name)
  if (!info) throw new Error(`unknown domain service ${name}`)
  return info
}

/** One gRPC server of the suite: a service's `server` role or a gRPC extra role. */
export interface GrpcEndpoint {
  service: string
  role: string
  /** Where callers find it: SERVICE_ADDR for a server role, ROLE_ADDR for an extra role. */
  variable: string
  defaultPort: number
}

/**
 * Every gRPC server of the suite, server roles first (in DOMAIN_SERVICES
 * order), then the gRPC extra roles; the launcher numbers ports in this order.
 */
export function grpcEndpoints(services: readonly ServiceInfo[] = DOMAIN_SERVICES): GrpcEndpoint[] {
  const servers = services.map((service) => ({
    service: service.name,
    role: 'server',
    variable: addressVariable(service.name),
    defaultPort: service.grpcPort,
  }))
  const extras = services.flatMap((service) =>
    service.extraRoles.flatMap((role) =>
      role.grpcPort === undefined
        ? []
        : [
            {
              service: service.name,
              role: role.name,
              variable: addressVariable(role.name),
              defaultPort: role.grpcPort,
            },
          ],
    ),
  )
  return [...servers, ...extras]
}

/** The default loopback address of every gRPC server, by its *_ADDR variable. */
export function defaultAddresses(): Record<string, string> {
  return Object.fromEntries(
    grpcEndpoints().map((endpoint) => [endpoint.variable, `127.0.0.1:${endpoint.defaultPort}`]),
  )
}
