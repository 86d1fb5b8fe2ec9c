import { domainService, type DomainService } from '@suite/runtime'
import { migrations } from './migrations/index.js'
import { registerServices } from './rpc/register.js'
import type { Database } from './store/schema.js'
import { startWorkers } from './workers/index.js'

/** CI: pipelines, jobs, runners and trigger tokens (server); job deadlines (worker). */
export const ciTriggersService: DomainService<Database> = {
  info: domainService('ci-triggers'),
  migrations,
  registerServer: registerServices,
  startWorkers,
}
