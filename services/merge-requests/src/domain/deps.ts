import type { Kysely } from 'kysely'
import type { Logger, Registry } from '@suite/runtime'
import type { Redis } from 'ioredis'
import type { Ports } from '../clients/ports.js'
import type { MergeRequestsConfig } from '../config.js'
import type { Database } from '../store/schema.js'

/** What the domain, the rpc handlers and the workers of merge-requests are built from. */
export interface MergeRequestsDeps {
  db: Kysely<Database>
  logger: Logger
  registry: Registry
  redis: () => Redis
  ports: Ports
  config: MergeRequestsConfig
}
