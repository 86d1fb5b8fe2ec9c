import { Queue } from 'bullmq'
import {
  CI_GROUP_DELETED_QUEUE,
  CI_REF_UPDATES_QUEUE,
  decodeGroupDeleted,
  PROJECT_DELETED_QUEUES,
  queueMetrics,
  queuePrefix,
  startMessageWorker,
  startProjectPurgeWorker,
  startUserBlockedWorker,
  startUserPurgeWorker,
  USER_BLOCKED_QUEUE,
  USER_DELETED_QUEUES,
  type ServiceDeps,
} from '@suite/runtime'
import { ciTriggersDeps } from '../deps.js'
import { dropUserPipelines } from '../domain/drop-user-pipelines.js'
import { purgeGroupRows } from '../store/group-purge.store.js'
import { purgeProjectRows } from '../store/project-purge.store.js'
import { migrateUserRows } from '../store/user-purge.store.js'
import type { Database } from '../store/schema.js'
import { startJobDeadlinesWorker } from './job-deadlines.worker.js'
import { startPushPipelinesWorker } from './push-pipelines.worker.js'
import { JOB_DEADLINES_QUEUE } from './queues.js'

/**
 * Starts the worker role: push pipelines, running jobs failed at their deadlines, and the
 * purge of deleted projects' pipelines, jobs, triggers, variables and runners,
 * deleted groups' variables, and
 * deleted users' records, and blocked users' pipelines dropped. Returns
 * what stops it.
 */
export function startWorkers(deps: ServiceDeps<Database>): Promise<() => Promise<void>> {
  const { deps: ciDeps, close } = ciTriggersDeps(deps)
  const connection = deps.redis()
  const metrics = queueMetrics(deps.registry)
  const deadlines = new Queue(JOB_DEADLINES_QUEUE, { connection, prefix: queuePrefix() })
  const deleted = new Queue(PROJECT_DELETED_QUEUES.ciTriggers, {
    connection,
    prefix: queuePrefix(),
  })
  const usersDeleted = new Queue(USER_DELETED_QUEUES.ciTriggers, {
    connection,
    prefix: queuePrefix(),
  })
  metrics.watch(deadlines)
  metrics.watch(deleted)
  const usersBlocked = new Queue(USER_BLOCKED_QUEUE, { connection, prefix: queuePrefix() })
  const groupsDeleted = new Queue(CI_GROUP_DELETED_QUEUE, { connection, prefix: queuePrefix() })
  metrics.watch(groupsDeleted)
  metrics.watch(usersDeleted)
  metrics.watch(usersBlocked)
  // Watched only, for its depth: the repository role's relay produces into it.
  const refUpdates = new Queue(CI_REF_UPDATES_QUEUE, { connection, prefix: queuePrefix() })
  metrics.watch(refUpdates)
  const context = { connection, logger: deps.logger, metrics }
  const worker = startJobDeadlinesWorker(context, ciDeps.jobQueue)
  const purge = startProjectPurgeWorker(context, PROJECT_DELETED_QUEUES.ciTriggers, (projectId) =>
    purgeProjectRows(deps.db, projectId),
  )
  // The deleted groups' own rows (their projects come through the project queue).
  const groups = startMessageWorker(context, CI_GROUP_DELETED_QUEUE, {
    kind: 'group-deleted',
    decode: decodeGroupDeleted,
    run: (message) => purgeGroupRows(deps.db, message.namespaceIds),
    logged: (message, removed) => [{ groupId: message.groupId, removed }, 'deleted group purged'],
  })
  // Users::DestroyService blocks the user first, which drops their pipelines: done here too,
  // before they move to the Ghost user, whichever of the two jobs comes first.
  const users = startUserPurgeWorker(
    context,
    USER_DELETED_QUEUES.ciTriggers,
    async (message) =>
      (await dropUserPipelines(ciDeps.store, message.userId, () => new Date())) +
      (await migrateUserRows(deps.db, message)),
  )
  const blocked = startUserBlockedWorker(context, ({ userId }) =>
    dropUserPipelines(ciDeps.store, userId, () => new Date()),
  )
  const pushes = startPushPipelinesWorker(context, ciDeps.pushPipelines)
  const workers = [worker, purge, groups, users, blocked, pushes]
  deps.logger.info({ queues: workers.map((w) => w.name) }, 'ci-triggers workers running')
  return Promise.resolve(async () => {
    await Promise.all(workers.map((w) => w.close()))
    await Promise.all([
      refUpdates.close(),
      deadlines.close(),
      deleted.close(),
      groupsDeleted.close(),
      usersDeleted.close(),
      usersBlocked.close(),
    ])
    await close()
  })
}
