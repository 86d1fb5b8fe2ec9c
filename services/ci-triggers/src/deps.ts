import { randomBytes } from 'node:crypto'
import {
  GroupServiceClient,
  ProjectServiceClient,
  RepositoryServiceClient,
  UserAccessServiceClient,
} from '@suite/proto'
import {
  Counter,
  createClient,
  createRateLimiter,
  createSecretBox,
  type SecretBox,
  HOOK_EVENT_ROUTE,
  PIPELINE_CREATED_EVENTS,
  PIPELINE_FINISHED_EVENTS,
  startServiceOutboxRelay,
  type ServiceDeps,
} from '@suite/runtime'
import { accessPort, maintainedProjects } from './clients/access.js'
import { commitLookups } from './clients/commit-lookups.js'
import { pushedCommitPort, repositoryPort } from './clients/repository.js'
import { loadCiTriggersConfig, type CiTriggersConfig } from './config.js'
import { createPipelineFromConfig, type CreatePipelineDeps } from './domain/create-pipeline.js'
import type { ChangeJobDeps } from './domain/change-job.js'
import type { CreateCommitStatusDeps } from './domain/create-commit-status.js'
import type { JobQueueDeps } from './domain/job-queue.js'
import type { PushPipelineDeps } from './domain/push-pipeline.js'
import type { AccessPort, PipelineStore, RepositoryPort } from './domain/ports.js'
import type { JobQueueStore, JobTokenScopeStore } from './domain/runner-ports.js'
import type { RunnerDeps } from './domain/runners.js'
import type { TriggerLookupResult, TriggerPipelineDeps } from './domain/trigger-pipeline.js'
import { CommitStatusesStore } from './store/commit-statuses.store.js'
import { JobQueueStoreImpl } from './store/job-queue.store.js'
import { JobTokenScopeStoreImpl } from './store/job-token-scope.store.js'
import { PipelinesStore } from './store/pipelines.store.js'
import { RunnersStore } from './store/runners.store.js'
import type { Database } from './store/schema.js'
import { TriggersStore } from './store/triggers.store.js'
import { VariablesStore } from './store/variables.store.js'
import type { VariableStore } from './domain/variable.js'
import { createJobDeadlinePublisher, JOB_DEADLINE_OUTBOX } from './workers/queues.js'

/** What the server role's services share. */
export interface CiTriggersDeps extends CreatePipelineDeps {
  config: CiTriggersConfig
  store: PipelineStore
  access: AccessPort
  repository: RepositoryPort
  queue: JobQueueStore
  /** The job token scope of projects. */
  scope: JobTokenScopeStore
  /** Runners as users and gitlab-runner manage them. */
  runnerDeps: RunnerDeps
  /** The runner side of jobs. */
  jobQueue: JobQueueDeps
  /** A user's actions on jobs. */
  jobs: ChangeJobDeps
  /** External systems' statuses of commits. */
  commitStatuses: CreateCommitStatusDeps
  /** Pipelines of pushes (the worker role). */
  pushPipelines: PushPipelineDeps
  /** Seals trigger tokens and variable values under ENCRYPTION_KEY. */
  box: SecretBox
  /** CI/CD variables of projects, groups and the instance. */
  variables: VariableStore
}

/** The dependencies of the server role and what closes the connections they opened. */
export interface WiredDeps {
  deps: CiTriggersDeps
  close: () => Promise<void>
}

/**
 * The store, the other services' clients (reads retried on UNAVAILABLE; the
 * repository may take its time reading a commit), the pipeline metrics and
 * the relays from the outboxes to `ci.pipeline-created` (new branch pipelines),
 * `ci.pipeline-finished` (pipelines that completed) and `projects.hook-events`
 * (pipelines' webhook events).
 */
export function ciTriggersDeps(service: ServiceDeps<Database>): WiredDeps {
  const config = loadCiTriggersConfig()
  const { registry } = service
  const internalSecret = service.config.INTERNAL_API_SECRET
  const projects = createClient(ProjectServiceClient, {
    address: config.projectsAddress,
    registry,
    internalSecret,
    retries: 2,
  })
  const userAccess = createClient(UserAccessServiceClient, {
    address: config.identityAddress,
    registry,
    internalSecret,
    retries: 2,
  })
  const groups = createClient(GroupServiceClient, {
    address: config.identityAddress,
    registry,
    internalSecret,
    retries: 2,
  })
  const repository = createClient(RepositoryServiceClient, {
    address: config.repositoryAddress,
    registry,
    internalSecret,
    retries: 2,
    deadlineMs: 30_000,
  })
  const relay = startServiceOutboxRelay(PIPELINE_CREATED_EVENTS, service, 'pipeline-created events')
  // Status changes come from many paths (jobs, cancel, retry); this relay finds them on its tick.
  const finishedRelay = startServiceOutboxRelay(
    PIPELINE_FINISHED_EVENTS,
    service,
    'pipeline-finished events',
  )
  // Every status change writes a webhook event; like finished ones, they are found on the tick.
  const hookRelay = startServiceOutboxRelay(HOOK_EVENT_ROUTE, service, 'hook events')
  const pipelinesCreated = new Counter({
    name: 'ci_pipelines_created_total',
    help: 'Pipelines stored, by source and status at creation.',
    labelNames: ['source', 'status'],
    registers: [registry],
  })
  const deadlines = startServiceOutboxRelay(
    { outbox: JOB_DEADLINE_OUTBOX, createPublisher: createJobDeadlinePublisher },
    service,
    'job deadlines',
  )
  const store = new PipelinesStore(service.db)
  const box = createSecretBox(encryptionKeyOf(service, config))
  const variables = new VariablesStore(service.db, box)
  const queue = new JobQueueStoreImpl(service.db, JOB_DEADLINE_OUTBOX)
  const runners = new RunnersStore(service.db)
  const access = accessPort(projects.rpc, userAccess.rpc, groups.rpc)
  const now = () => new Date()
  const repositoryClient = repositoryPort(repository.rpc)
  // A claim wrote its job's deadline to the outbox; a finished job may finish its pipeline.
  const queueChanged = () => {
    deadlines.wake()
    finishedRelay.wake()
    hookRelay.wake()
  }
  const limiter = createRateLimiter(service.redis, (err) =>
    service.logger.warn({ err }, 'pipeline rate limit not counted'),
  )
  const pipelinesCreate = {
    name: 'pipelines_create',
    threshold: config.pipelineLimitPerProjectUserSha,
    periodSeconds: 60,
  }
  const deps: CiTriggersDeps = {
    config,
    throttle: (projectId, userId, sha) =>
      limiter.hit(pipelinesCreate, [projectId, userId ?? 'anonymous', sha]),
    store,
    access,
    queue,
    scope: new JobTokenScopeStoreImpl(service.db),
    runnerDeps: {
      runners,
      access,
      registrationToken: config.runnerRegistrationToken,
      maintainedProjectIds: (userId) => maintainedProjects(projects.rpc, userId),
      now,
    },
    jobQueue: {
      runners,
      queue,
      pipelines: store,
      access,
      repository: repositoryClient,
      warn: (message, err) => service.logger.warn({ err }, message),
      externalUrl: config.externalUrl,
      deadlineGraceSeconds: config.jobDeadlineGraceSeconds,
      maxTraceBytes: config.jobLogMaxBytes,
      variables,
      now,
      queueChanged,
    },
    jobs: { pipelines: store, queue, now, queueChanged, variables, access },
    commitStatuses: {
      statuses: new CommitStatusesStore(service.db),
      commits: commitLookups(repository.rpc),
      now,
      project: { access, externalUrl: config.externalUrl },
      created: (pipeline) => {
        pipelinesCreated.inc({ source: pipeline.source, status: pipeline.status })
        relay.wake()
        hookRelay.wake()
        return Promise.resolve()
      },
    },
    repository: repositoryClient,
    externalUrl: config.externalUrl,
    box,
    variables,
    created: (pipeline) => {
      pipelinesCreated.inc({ source: pipeline.source, status: pipeline.status })
      // Its transaction wrote the merge requests' news and its webhook events to the outboxes.
      relay.wake()
      hookRelay.wake()
      return Promise.resolve()
    },
    pushPipelines: {
      access,
      commits: pushedCommitPort(repository.rpc),
      pipelines: { create: (request) => createPipelineFromConfig(deps, request) },
    },
  }
  return {
    deps,
    close: async () => {
      for (const client of [projects, userAccess, groups, repository]) client.raw.close()
      await Promise.all([relay.stop(), finishedRelay.stop(), hookRelay.stop(), deadlines.stop()])
    },
  }
}

const LOOKUP_RESULTS: readonly TriggerLookupResult[] = ['found', 'not_found', 'expired']

/**
 * ENCRYPTION_KEY, or outside production a per-process key, said once in the
 * log: what it seals (trigger tokens, variable values) is lost on restart.
 */
function encryptionKeyOf(service: ServiceDeps<Database>, config: CiTriggersConfig): Buffer {
  if (config.encryptionKey) return config.encryptionKey
  service.logger.warn(
    'ENCRYPTION_KEY is not set: trigger tokens and CI/CD variables are sealed under a per-process key and stop working on restart',
  )
  return randomBytes(32)
}

/**
 * TriggerService's dependencies on top of the server role's: the token store
 * sealing with the role's box, pipeline creation from the configuration, and the lookup
 * counter. Only the server role builds them (the worker has no triggers).
 */
export function triggerDeps(
  service: ServiceDeps<Database>,
  deps: CiTriggersDeps,
): TriggerPipelineDeps {
  const lookups = new Counter({
    name: 'ci_trigger_token_lookups_total',
    help: 'Trigger token lookups of the trigger endpoint, by result.',
    labelNames: ['result'],
    registers: [service.registry],
  })
  for (const result of LOOKUP_RESULTS) lookups.inc({ result }, 0)
  return {
    triggers: new TriggersStore(service.db, deps.box),
    access: deps.access,
    pipelines: { create: (request) => createPipelineFromConfig(deps, request) },
    now: () => new Date(),
    observeLookup: (result) => lookups.inc({ result }),
    jobTokens: { queue: deps.queue, scope: deps.scope, access: deps.access },
  }
}
