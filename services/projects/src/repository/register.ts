import type { GrpcServer, ServiceDeps } from '@suite/runtime'
import type { Database } from '../store/schema.js'

/** Registers RepositoryService (and git smart HTTP) on the repository role. */
export function registerRepositoryServices(
  _server: GrpcServer,
  _deps: ServiceDeps<Database>,
): void {}
