import { domainService, type DomainService } from '@suite/runtime'
import { migrations } from './migrations/index.js'
import { registerServices } from './rpc/register.js'
import type { Database } from './store/schema.js'
import { startWorkers } from './workers/index.js'

/**
 * Alerting: the server role (integrations, ingestion, alerts) and the worker
 * role (what follows each occurrence, off the request path).
 */
export const alertingService: DomainService<Database> = {
  info: domainService('alerting'),
  migrations,
  registerServer: registerServices,
  startWorkers,
}
