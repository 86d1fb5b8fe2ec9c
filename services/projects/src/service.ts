import { domainService, type DomainService } from '@suite/runtime'
import { migrations } from './migrations/index.js'

/** No tables yet; they arrive with the service's first domain feature. */
export type Database = Record<string, never>

export const projectsService: DomainService<Database> = {
  info: domainService('projects'),
  migrations,
  // No gRPC services yet: each server answers only the standard health service.
  registerServer: () => {},
  grpcRoles: { repository: () => {} },
  startWorkers: () => Promise.resolve(() => Promise.resolve()),
}
