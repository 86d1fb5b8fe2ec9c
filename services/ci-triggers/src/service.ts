import { domainService, type DomainService } from '@suite/runtime'
import { migrations } from './migrations/index.js'
import { registerServices } from './rpc/register.js'
import type { Database } from './store/schema.js'

/** CI triggers: the server role holds pipelines (later trigger tokens, jobs and variables). */
export const ciTriggersService: DomainService<Database> = {
  info: domainService('ci-triggers'),
  migrations,
  registerServer: registerServices,
}
