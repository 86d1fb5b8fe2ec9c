import { Queue } from 'bullmq'
import { MembershipCleanupServiceClient } from '@suite/proto'
import {
  createClient,
  GROUP_DELETED_QUEUE,
  HOOK_EVENTS_QUEUE,
  PROJECT_DELETED_QUEUES,
  USER_DELETED_QUEUES,
  queueMetrics,
  queuePrefix,
  type ServiceDeps,
} from '@suite/runtime'
import { createRepositoryClient } from '../clients/repository.js'
import { loadProjectsConfig } from '../config.js'
import { hookRuntime } from '../deps.js'
import { ProjectDeletionsStore } from '../store/project-deletions.store.js'
import type { Database } from '../store/schema.js'
import { startActivityEventsWorker } from './activity-events.worker.js'
import { schedulePrune, startPruneWorker } from './event-prune.worker.js'
import { startHookDeliveriesWorker, startHookEventsWorker } from './hook-events.worker.js'
import {
  startGroupDeletedWorker,
  startProjectDeletedWorker,
  startUserDeletedWorker,
} from './project-deleted.worker.js'
import { EVENTS_PRUNE_QUEUE, EVENTS_QUEUE, HOOK_DELIVERIES_QUEUE } from './queues.js'

/** Starts the worker role's BullMQ workers; returns what stops them. */
export async function startWorkers(deps: ServiceDeps<Database>): Promise<() => Promise<void>> {
  const connection = deps.redis()
  const metrics = queueMetrics(deps.registry)
  const eventsQueue = new Queue(EVENTS_QUEUE, { connection, prefix: queuePrefix() })
  const pruneQueue = await schedulePrune(connection)
  metrics.watch(eventsQueue)
  metrics.watch(pruneQueue)

  const config = loadProjectsConfig()
  const hooks = hookRuntime(deps, config)
  const hookEvents = startHookEventsWorker(hooks, connection, deps.logger, config)
  const hookEventsQueue = new Queue(HOOK_EVENTS_QUEUE, { connection, prefix: queuePrefix() })
  metrics.watch(hookEventsQueue)
  metrics.watch(hookEvents.deliveries)

  const secret = deps.config.INTERNAL_API_SECRET
  const repository = createRepositoryClient(
    config.repositoryAddress,
    deps.registry,
    secret,
    deps.logger,
    hooks.identity.contact,
  )
  const rows = new ProjectDeletionsStore(deps.db)
  const memberships = createClient(MembershipCleanupServiceClient, {
    address: config.identityAddress,
    registry: deps.registry,
    internalSecret: secret,
    retries: 2,
  })
  const system = { admin: false, scopes: [], system: true }
  const context = { connection, logger: deps.logger, metrics }
  const deletions = startProjectDeletedWorker(context, {
    rows,
    deleteMembers: async (projectId, limit) => {
      const answer = await memberships.rpc.deleteProjectMembers({
        caller: system,
        projectId,
        limit,
      })
      return answer.deleted
    },
    deleteRepository: (projectId) => repository.deleteRepository(projectId),
  })
  const groupDeletions = startGroupDeletedWorker(context, {
    liveProjectsIn: (namespaceIds, limit) => rows.liveProjectsIn(namespaceIds, limit),
    markDeleted: (projectId, userId) => rows.markDeleted(projectId, userId),
    purgeGroup: async (groupId) => {
      await memberships.rpc.purgeDeletedGroup({ caller: system, groupId })
    },
  })
  const userDeletions = startUserDeletedWorker(context, {
    liveProjectsIn: (namespaceIds, limit) => rows.liveProjectsIn(namespaceIds, limit),
    markDeleted: (projectId, userId) => rows.markDeleted(projectId, userId),
    purgeUserRows: (userId) => rows.purgeUserRows(userId),
    purgeUser: async (userId) => {
      await memberships.rpc.purgeDeletedUser({ caller: system, userId })
    },
  })
  const userDeletionsQueue = new Queue(USER_DELETED_QUEUES.projects, {
    connection,
    prefix: queuePrefix(),
  })
  metrics.watch(userDeletionsQueue)
  const groupDeletionsQueue = new Queue(GROUP_DELETED_QUEUE, { connection, prefix: queuePrefix() })
  metrics.watch(groupDeletionsQueue)
  const deletionsQueue = new Queue(PROJECT_DELETED_QUEUES.projects, {
    connection,
    prefix: queuePrefix(),
  })
  metrics.watch(deletionsQueue)

  const workers = [
    startActivityEventsWorker(deps.db, connection, deps.logger, deps.registry),
    startPruneWorker(deps.db, connection, deps.logger),
    hookEvents.worker,
    startHookDeliveriesWorker(hooks, connection, deps.logger, config, deps.registry),
  ]
  metrics.observe(workers[0]!, EVENTS_QUEUE)
  metrics.observe(workers[1]!, EVENTS_PRUNE_QUEUE)
  metrics.observe(workers[2]!, HOOK_EVENTS_QUEUE)
  metrics.observe(workers[3]!, HOOK_DELIVERIES_QUEUE)
  for (const worker of workers) {
    worker.on('error', (error) => deps.logger.error({ err: error }, 'worker error'))
    worker.on('failed', (job, error) =>
      deps.logger.warn({ err: error, jobId: job?.id, queue: worker.name }, 'job failed'),
    )
  }

  // Active jobs finish (or go back to the queue when the lock expires) before the process exits.
  return async () => {
    await Promise.all(
      [...workers, deletions, groupDeletions, userDeletions].map((worker) => worker.close()),
    )
    await Promise.all([
      deletionsQueue.close(),
      groupDeletionsQueue.close(),
      userDeletionsQueue.close(),
    ])
    repository.close()
    memberships.raw.close()
    await Promise.all([
      eventsQueue.close(),
      pruneQueue.close(),
      hookEventsQueue.close(),
      hookEvents.deliveries.close(),
    ])
    hooks.identity.close()
  }
}
