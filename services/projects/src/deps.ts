import type { ApplicationSettingsStore } from './domain/ports.js'
import { applicationSettingsStore } from './store/application-settings.store.js'
import { randomBytes } from 'node:crypto'
import {
  createRateLimiter,
  createSecretBox,
  PROJECT_DELETED_ROUTE,
  startServiceOutboxRelay,
  type ServiceDeps,
} from '@suite/runtime'
import { createIdentityPort } from './clients/identity.js'
import { sendHookRequest } from './clients/hook-request.js'
import { createRepositoryClient } from './clients/repository.js'
import { loadProjectsConfig, type ProjectsConfig } from './config.js'
import { listAbilityScopes } from './domain/ability-scope.js'
import type { NamespaceProjectsDeps } from './domain/namespace-projects.js'
import type { DeliveryPorts, PayloadPorts } from './domain/hook-deliveries.js'
import { maskedUrl } from './domain/hook-url.js'
import type { EventRpcDeps } from './rpc/event.rpc.js'
import { reportedEvents } from './store/reported-events.js'
import type { ProtectedBranchDeps } from './domain/protected-branches.js'
import type { DeletionRpcDeps } from './rpc/deletion.rpc.js'
import type { HookRpcDeps } from './rpc/hook.rpc.js'
import type { ProjectRpcDeps } from './rpc/project.rpc.js'
import type { StarRpcDeps } from './rpc/star.rpc.js'
import { accessFactsOutbox } from './store/access-facts-outbox.store.js'
import { eventReader } from './store/event-reads.store.js'
import { HooksStore } from './store/hooks.store.js'
import { NamespaceProjectsStore } from './store/namespace-projects.store.js'
import { ProjectDeletionsStore } from './store/project-deletions.store.js'
import { ProjectsStore } from './store/projects.store.js'
import { ProtectedBranchesStore } from './store/protected-branches.store.js'
import type { Database } from './store/schema.js'
import { StarsStore } from './store/stars.store.js'
import { startAccessFactsRelay } from './workers/access-facts-relay.js'

type IdentityPort = ReturnType<typeof createIdentityPort>

/** The identity service's client, as the domain's IdentityPort and the hook payloads' users. */
function identityPort(deps: ServiceDeps<Database>, config: ProjectsConfig): IdentityPort {
  return createIdentityPort(config.identityAddress, deps.registry, deps.config.INTERNAL_API_SECRET)
}

/** What the server role (tests, resends) and the worker role (deliveries) share of hooks. */
export interface HookRuntime {
  hooks: HooksStore
  projects: ProjectsStore
  identity: IdentityPort
  payload: PayloadPorts
  delivery: DeliveryPorts
}

/** Hooks' store (url and token sealed under ENCRYPTION_KEY), payload and delivery ports. */
export function hookRuntime(
  deps: ServiceDeps<Database>,
  config: ProjectsConfig,
  identity = identityPort(deps, config),
): HookRuntime {
  let key = config.encryptionKey
  if (!key) {
    deps.logger.warn(
      'ENCRYPTION_KEY is not set: webhook urls and tokens are sealed under a per-process key and cannot be read by other processes or after a restart',
    )
    key = randomBytes(32)
  }
  const hooks = new HooksStore(deps.db, createSecretBox(key))
  const projects = new ProjectsStore(deps.db)
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

/** What each gRPC service of the server role is given. */
export interface ProjectsDeps {
  applicationSettings: ApplicationSettingsStore
  deletions: DeletionRpcDeps
  events: EventRpcDeps
  hooks: HookRpcDeps
  protectedBranches: ProtectedBranchDeps
  projects: ProjectRpcDeps
  stars: StarRpcDeps
  namespaceProjects: NamespaceProjectsDeps
}

/** The server role's dependencies and what stops what they started. */
export interface WiredDeps {
  deps: ProjectsDeps
  close: () => Promise<void>
}

/**
 * The server role's stores, its identity and repository clients, the hook
 * test limit, the relay that publishes the access facts project writes
 * queue and the relay of deletions to every service's `*.project-deleted`
 * queue (started here, each woken after the writes that feed it).
 */
export function projectsDeps(service: ServiceDeps<Database>): WiredDeps {
  const config = loadProjectsConfig()
  const identity = identityPort(service, config)
  const repository = createRepositoryClient(
    config.repositoryAddress,
    service.registry,
    service.config.INTERNAL_API_SECRET,
    service.logger,
    identity.contact,
  )
  const hooks = hookRuntime(service, config, identity)
  const limiter = createRateLimiter(service.redis, (err) =>
    service.logger.warn({ err }, 'hook test limit not counted'),
  )
  const relay = startAccessFactsRelay({
    outbox: accessFactsOutbox(service.db),
    logger: service.logger,
    redis: service.redis,
  })
  // A deletion's message goes to every service's queue; woken after each deletion.
  const deletionRelay = startServiceOutboxRelay(PROJECT_DELETED_ROUTE, service, 'project deletions')
  const projects = hooks.projects
  const settings = applicationSettingsStore(service.db)
  return {
    deps: {
      applicationSettings: settings,
      deletions: {
        projects,
        mark: new ProjectDeletionsStore(service.db),
        identity,
        onDeletionQueued: deletionRelay.wake,
      },
      events: {
        reader: eventReader(service.db),
        scopesOf: (caller) => listAbilityScopes(identity, caller),
        record: reportedEvents(service.db, service.registry),
      },
      hooks: {
        ...hooks,
        limit: (rule, scope) => limiter.hit(rule, scope),
        samplePushHook: (input) => repository.samplePushHook(input),
      },
      protectedBranches: {
        store: new ProtectedBranchesStore(service.db),
        projects,
        identity,
      },
      stars: { store: new StarsStore(service.db), projects, identity, repository },
      namespaceProjects: {
        store: new NamespaceProjectsStore(service.db),
        onAccessFactsQueued: relay.wake,
      },
      projects: {
        store: projects,
        logger: service.logger,
        ports: { identity, repository, settings },
        onAccessFactsQueued: relay.wake,
      },
    },
    close: async () => {
      await relay.stop()
      await deletionRelay.stop()
      repository.close()
      identity.close()
    },
  }
}
