import { randomBytes } from 'node:crypto'
import { Counter, createSecretBox, type ServiceDeps } from '@suite/runtime'
import type { CiTriggersDeps } from './deps.js'
import { createPipelineFromConfig } from './domain/create-pipeline.js'
import type { TriggerLookupResult } from './domain/trigger-pipeline.js'
import type { TriggerDeps } from './rpc/trigger.rpc.js'
import type { Database } from './store/schema.js'
import { TriggersStore } from './store/triggers.store.js'

const LOOKUP_RESULTS: readonly TriggerLookupResult[] = ['found', 'not_found', 'expired']

/**
 * TriggerService's dependencies on top of the server role's: the token store
 * sealing under ENCRYPTION_KEY (a per-process key outside production, said
 * once in the log), pipeline creation from the configuration, and the lookup
 * counter.
 */
export function triggerDeps(service: ServiceDeps<Database>, deps: CiTriggersDeps): TriggerDeps {
  let key = deps.config.encryptionKey
  if (!key) {
    service.logger.warn(
      'ENCRYPTION_KEY is not set: trigger tokens are sealed under a per-process key and stop working on restart',
    )
    key = randomBytes(32)
  }
  const lookups = new Counter({
    name: 'ci_trigger_token_lookups_total',
    help: 'Trigger token lookups of the trigger endpoint, by result.',
    labelNames: ['result'],
    registers: [service.registry],
  })
  for (const result of LOOKUP_RESULTS) lookups.inc({ result }, 0)
  return {
    triggers: new TriggersStore(service.db, createSecretBox(key)),
    access: deps.access,
    pipelines: { create: (request) => createPipelineFromConfig(deps, request) },
    now: () => new Date(),
    observeLookup: (result) => lookups.inc({ result }),
    queue: deps.queue,
  }
}
