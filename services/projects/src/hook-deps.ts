import { randomBytes } from 'node:crypto'
import { createSecretBox, type ServiceDeps } from '@suite/runtime'
import { createIdentityPort } from './clients/identity.js'
import type { ProjectsConfig } from './config.js'
import type { DeliveryPorts, PayloadPorts } from './domain/hook-deliveries.js'
import { sendHookRequest } from './domain/hook-request.js'
import { maskedUrl } from './domain/hook-url.js'
import { HooksStore } from './store/hooks.store.js'
import { ProjectsStore } from './store/projects.store.js'
import type { Database } from './store/schema.js'

/** What the server role (tests, resends) and the worker role (deliveries) share of hooks. */
export interface HookRuntime {
  hooks: HooksStore
  projects: ProjectsStore
  identity: ReturnType<typeof createIdentityPort>
  payload: PayloadPorts
  delivery: DeliveryPorts
}

/** Hooks' store (url and token sealed under ENCRYPTION_KEY), payload and delivery ports. */
export function hookRuntime(deps: ServiceDeps<Database>, config: ProjectsConfig): HookRuntime {
  let key = config.encryptionKey
  if (!key) {
    deps.logger.warn(
      'ENCRYPTION_KEY is not set: webhook urls and tokens are sealed under a per-process key and cannot be read by other processes or after a restart',
    )
    key = randomBytes(32)
  }
  const hooks = new HooksStore(deps.db, createSecretBox(key))
  const projects = new ProjectsStore(deps.db)
  const identity = createIdentityPort(
    config.identityAddress,
    deps.registry,
    deps.config.INTERNAL_API_SECRET,
  )
  const payload: PayloadPorts = {
    project: (id) => projects.findById(id),
    user: (id) => identity.hookUser(id),
    externalUrl: config.externalUrl,
  }
  const delivery: DeliveryPorts = {
    hook: (id) => hooks.findById(id),
    allowLocalRequests: () => hooks.allowLocalRequests(),
    send: sendHookRequest,
    log: ({ hook, trigger, headers, payload: data, response }, state) =>
      hooks.logDelivery(
        {
          hookId: hook.id,
          trigger,
          url: maskedUrl(hook.url),
          requestHeaders: headers,
          requestData: data,
          responseHeaders: response.headers,
          responseBody: response.body,
          responseStatus: response.status,
          executionDuration: response.duration,
          internalErrorMessage: response.internalError,
        },
        state,
      ),
    instance: config.externalUrl,
    timeoutMs: config.webhooks.timeoutMs,
    now: () => new Date(),
  }
  return { hooks, projects, identity, payload, delivery }
}
