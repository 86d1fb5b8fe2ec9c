import { ProjectServiceClient, RepositoryServiceClient, UserServiceClient } from '@suite/proto'
import {
  Counter,
  createClient,
  createPipelineCreatedPublisher,
  createRateLimiter,
  outboxTransactionsOf,
  PIPELINE_CREATED_OUTBOX,
  startQueueOutboxRelay,
  type ServiceDeps,
} from '@suite/runtime'
import { accessPort } from './clients/access.js'
import { repositoryPort } from './clients/repository.js'
import { loadCiTriggersConfig, type CiTriggersConfig } from './config.js'
import type { CreatePipelineDeps } from './domain/create-pipeline.js'
import type { AccessPort, PipelineStore, RepositoryPort } from './domain/ports.js'
import { PipelinesStore } from './store/pipelines.store.js'
import type { Database } from './store/schema.js'

/** What the server role's services share. */
export interface CiTriggersDeps extends CreatePipelineDeps {
  config: CiTriggersConfig
  store: PipelineStore
  access: AccessPort
  repository: RepositoryPort
}

/** The dependencies of the server role and what closes the connections they opened. */
export interface WiredDeps {
  deps: CiTriggersDeps
  close: () => Promise<void>
}

/**
 * The store, the other services' clients (reads retried on UNAVAILABLE; the
 * repository may take its time reading a commit), the pipeline metrics and
 * the relay of new branch pipelines from the outbox to `ci.pipeline-created`.
 */
export function ciTriggersDeps(service: ServiceDeps<Database>): WiredDeps {
  const config = loadCiTriggersConfig()
  const { registry } = service
  const projects = createClient(ProjectServiceClient, {
    address: config.projectsAddress,
    registry,
    retries: 2,
  })
  const users = createClient(UserServiceClient, {
    address: config.identityAddress,
    registry,
    retries: 2,
  })
  const repository = createClient(RepositoryServiceClient, {
    address: config.repositoryAddress,
    registry,
    retries: 2,
    deadlineMs: 30_000,
  })
  const relay = startQueueOutboxRelay({
    stores: outboxTransactionsOf(service.db, PIPELINE_CREATED_OUTBOX),
    logger: service.logger,
    redis: service.redis,
    what: 'pipeline-created events',
    createPublisher: createPipelineCreatedPublisher,
    keyOf: PIPELINE_CREATED_OUTBOX.keyOf,
  })
  const pipelinesCreated = new Counter({
    name: 'ci_pipelines_created_total',
    help: 'Pipelines stored, by source and status at creation.',
    labelNames: ['source', 'status'],
    registers: [registry],
  })
  const limiter = createRateLimiter(service.redis, (err) =>
    service.logger.warn({ err }, 'pipeline rate limit not counted'),
  )
  const pipelinesCreate = {
    name: 'pipelines_create',
    threshold: config.pipelineLimitPerProjectUserSha,
    periodSeconds: 60,
  }
  return {
    deps: {
      config,
      throttle: (projectId, userId, sha) =>
        limiter.hit(pipelinesCreate, [projectId, userId ?? 'anonymous', sha]),
      store: new PipelinesStore(service.db),
      access: accessPort(projects.rpc, users.rpc),
      repository: repositoryPort(repository.rpc),
      externalUrl: config.externalUrl,
      created: (pipeline) => {
        pipelinesCreated.inc({ source: pipeline.source, status: pipeline.status })
        // Its transaction wrote the merge requests' news to the outbox.
        relay.wake()
        return Promise.resolve()
      },
    },
    close: async () => {
      for (const client of [projects, users, repository]) client.raw.close()
      await relay.stop()
    },
  }
}
