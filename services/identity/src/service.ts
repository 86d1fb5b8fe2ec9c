import { domainService, type DomainService } from '@suite/runtime'
import { loadIdentityConfig } from './config.js'
import { seedRoot } from './domain/seed-root.js'
import { migrations } from './migrations/index.js'
import { registerServices } from './rpc/register.js'
import type { Database } from './store/schema.js'
import { createStores } from './store/stores.js'

/** What runDomainService needs to run identity's roles: server and migrate. */
export const identityService: DomainService<Database> = {
  info: domainService('identity'),
  migrations,
  registerServer: registerServices,
  afterMigrate: async ({ db, logger }) => {
    const config = loadIdentityConfig()
    const result = await seedRoot(createStores(db), {
      initialRootToken: config.initialRootToken,
    })
    logger.info(result, 'root seeded')
  },
}
