import { Queue } from 'bullmq'
import {
  BRANCH_UPDATES_QUEUE,
  HOOK_EVENT_ROUTE,
  PIPELINE_CREATED_QUEUE,
  PIPELINE_FINISHED_QUEUE,
  PROJECT_ACCESS_FACTS_QUEUE,
  PROJECT_DELETED_QUEUES,
  USER_DELETED_QUEUES,
  queueMetrics,
  queuePrefix,
  startServiceOutboxRelay,
  type ServiceDeps,
} from '@suite/runtime'
import { mergeRequestsDeps } from '../deps.js'
import type { Database } from '../store/schema.js'
import { startAutoMergeWorker } from './auto-merge.worker.js'
import { startBranchUpdatesWorker } from './branch-updates.worker.js'
import { startDiffCollectionWorker } from './diff-collection.worker.js'
import { startHeadPipelinesWorker } from './head-pipelines.worker.js'
import { startMergeRequestPipelinesWorker } from './merge-request-pipelines.worker.js'
import { startMergeStatusWorker } from './merge-status.worker.js'
import { startProjectAccessFactsWorker } from './project-access-facts.worker.js'
import { startProjectDeletedWorker, startUserDeletedWorker } from './project-deleted.worker.js'
import {
  closeMergeRequestQueues,
  DIFF_COLLECTION_QUEUE,
  MERGE_REQUEST_PIPELINES_QUEUE,
  MERGE_STATUS_QUEUE,
  mergeRequestQueue,
  PIPELINE_ASK_ROUTE,
  rebaseQueue,
} from './queues.js'
import { startRebaseWorker } from './rebase.worker.js'
import { scheduleSweeper, startSweeperWorker } from './sweeper.worker.js'

/**
 * Starts the worker role's BullMQ workers (diff collection, merge status,
 * branch updates, project access facts, head pipelines, merge request
 * pipelines, auto-merge, the sweeper, deleted projects' purge, deleted users'
 * records), the relay of the webhook events they write (auto-merges, closes)
 * and the relay of the merge request pipelines that opens and pushes ask for;
 * returns what stops them.
 */
export async function startWorkers(deps: ServiceDeps<Database>): Promise<() => Promise<void>> {
  const { deps: mrDeps, close } = mergeRequestsDeps(deps)
  const connection = deps.redis()
  const metrics = queueMetrics(deps.registry)
  const context = { connection, logger: deps.logger, metrics }

  const sweeperQueue = await scheduleSweeper(connection)
  // Watched only, for their depth: the repository role and the projects service produce into them.
  const branchUpdates = new Queue(BRANCH_UPDATES_QUEUE, { connection, prefix: queuePrefix() })
  const accessFacts = new Queue(PROJECT_ACCESS_FACTS_QUEUE, { connection, prefix: queuePrefix() })
  const pipelinesCreated = new Queue(PIPELINE_CREATED_QUEUE, { connection, prefix: queuePrefix() })
  const pipelinesFinished = new Queue(PIPELINE_FINISHED_QUEUE, {
    connection,
    prefix: queuePrefix(),
  })
  const projectsDeleted = new Queue(PROJECT_DELETED_QUEUES.mergeRequests, {
    connection,
    prefix: queuePrefix(),
  })
  const usersDeleted = new Queue(USER_DELETED_QUEUES.mergeRequests, {
    connection,
    prefix: queuePrefix(),
  })
  const watched: Queue[] = [
    mergeRequestQueue(connection, DIFF_COLLECTION_QUEUE),
    mergeRequestQueue(connection, MERGE_STATUS_QUEUE),
    mergeRequestQueue(connection, MERGE_REQUEST_PIPELINES_QUEUE),
    rebaseQueue(connection),
    sweeperQueue,
    branchUpdates,
    accessFacts,
    pipelinesCreated,
    pipelinesFinished,
    projectsDeleted,
    usersDeleted,
  ]
  for (const queue of watched) metrics.watch(queue)

  const workers = [
    startDiffCollectionWorker(context, mrDeps),
    startMergeStatusWorker(context, mrDeps),
    startBranchUpdatesWorker(context, mrDeps),
    startProjectAccessFactsWorker(context, mrDeps),
    startHeadPipelinesWorker(context, mrDeps),
    startMergeRequestPipelinesWorker(context, mrDeps),
    startAutoMergeWorker(context, mrDeps),
    startRebaseWorker(context, mrDeps),
    startSweeperWorker(context, mrDeps),
    startProjectDeletedWorker(context, deps.db, mrDeps),
    startUserDeletedWorker(context, deps.db),
  ]
  const hookRelay = startServiceOutboxRelay(HOOK_EVENT_ROUTE, deps, 'hook events')
  const askRelay = startServiceOutboxRelay(PIPELINE_ASK_ROUTE, deps, 'merge request pipeline asks')
  deps.logger.info(
    { queues: workers.map((worker) => worker.name) },
    'merge-requests workers running',
  )

  // Active jobs finish (or go back to the queue when the lock expires) before the process exits.
  return async () => {
    await Promise.all(workers.map((worker) => worker.close()))
    await Promise.all([hookRelay.stop(), askRelay.stop()])
    await Promise.all([
      sweeperQueue.close(),
      branchUpdates.close(),
      accessFacts.close(),
      pipelinesCreated.close(),
      pipelinesFinished.close(),
      projectsDeleted.close(),
      usersDeleted.close(),
      closeMergeRequestQueues(connection),
    ])
    close()
  }
}
