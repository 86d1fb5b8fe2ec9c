import type { ServiceDefinition, UntypedServiceImplementation } from '@grpc/grpc-js'
import type { GrpcServer } from './grpc-server.js'

/** A proto service as @suite/proto's generated per-package maps list it (`XXX_V1_SERVICES`). */
export interface ProtoServiceEntry {
  /** Fully qualified proto name, the health check's service name. */
  name: string
  definition: ServiceDefinition
}

/**
 * Registers a server's implementations of the services of one proto package,
 * keyed by the generated map's service names (`MERGE_REQUESTS_V1_SERVICES`):
 * definition and health name come from the generated list, so a registration
 * names no service or path by hand. A service left out of `implementations`
 * is not served (a role may serve part of its package, as projects' repository role).
 */
export function addProtoServices<S extends Record<string, ProtoServiceEntry>>(
  server: GrpcServer,
  services: S,
  implementations: { readonly [K in keyof S]?: UntypedServiceImplementation },
): void {
  for (const [key, implementation] of Object.entries(implementations)) {
    const entry = services[key]
    if (!entry || !implementation) continue
    server.add(entry.definition, implementation, entry.name)
  }
}
