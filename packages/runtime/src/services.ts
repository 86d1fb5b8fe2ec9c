/**
 * The suite's services and their default loopback ports. Every service name
 * (folder, Helm block, metrics label, log field, schema) derives from here.
 */
export interface ServiceInfo {
  name: string
  /** PostgreSQL schema, or null for a service without data. */
  schema: string | null
  grpcPort: number
  /** Roles besides `server` that the launcher starts. */
  extraRoles: string[]
}

export const DOMAIN_SERVICES: readonly ServiceInfo[] = [
  { name: 'identity', schema: 'identity', grpcPort: 50051, extraRoles: [] },
  { name: 'projects', schema: 'projects', grpcPort: 50052, extraRoles: [] },
  { name: 'merge-requests', schema: 'merge_requests', grpcPort: 50053, extraRoles: [] },
  { name: 'ci-triggers', schema: 'ci_triggers', grpcPort: 50054, extraRoles: [] },
  { name: 'alerting', schema: 'alerting', grpcPort: 50055, extraRoles: [] },
]

/** Environment variable through which the gateway finds a service, e.g. IDENTITY_ADDR. */
export function addressVariable(service: string): string {
  return `${service.replace(/-/g, '_').toUpperCase()}_ADDR`
}

/** The entry for one domain service; throws on a name that is not in DOMAIN_SERVICES. */
export function domainService(name: string): ServiceInfo {
  const info = DOMAIN_SERVICES.find((service) => service.name === name)
  if (!info) throw new Error(`unknown domain service ${name}`)
  return info
}
