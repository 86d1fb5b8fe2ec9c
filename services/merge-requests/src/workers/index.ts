import { Queue } from 'bullmq'
import {
  BRANCH_UPDATES_QUEUE,
  HOOK_EVENT_ROUTE,
  PIPELINE_CREATED_QUEUE,
  PIPELINE_FINISHED_QUEUE,
  PROJECT_ACCESS_FACTS_QUEUE,
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
import { startMergeStatusWorker } from './merge-status.worker.js'
import { startProjectAccessFactsWorker } from './project-access-facts.worker.js'
import {
  closeMergeRequestQueues,
  DIFF_COLLECTION_QUEUE,
  MERGE_STATUS_QUEUE,
  mergeRequestQueue,
} from './queues.js'
import { scheduleSweeper, startSweeperWorker } from './sweeper.worker.js'

/**
 * Starts the worker role's BullMQ workers (diff collection, merge status,
 * branch updates, project access facts, head pipelines, auto-merge, the
 * sweeper) and the relay of the webhook events they write (auto-merges,
 * closes); returns what stops them.
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
  const watched: Queue[] = [
    mergeRequestQueue(connection, DIFF_COLLECTION_QUEUE),
    mergeRequestQueue(connection, MERGE_STATUS_QUEUE),
    sweeperQueue,
    branchUpdates,
    accessFacts,
    pipelinesCreated,
    pipelinesFinished,
  ]
  for (const queue of watched) metrics.watch(queue)

  const workers = [
    startDiffCollectionWorker(context, mrDeps),
    startMergeStatusWorker(context, mrDeps),
    startBranchUpdatesWorker(context, mrDeps),
    startProjectAccessFactsWorker(context, mrDeps),
    startHeadPipelinesWorker(context, mrDeps),
    startAutoMergeWorker(context, mrDeps),
    startSweeperWorker(context, mrDeps),
  ]
  const hookRelay = startServiceOutboxRelay(HOOK_EVENT_ROUTE, deps, 'hook events')
  deps.logger.info(
    { queues: workers.map((worker) => worker.name) },
    'merge-requests workers running',
  )

  // Active jobs finish (or go back to the queue when the lock expires) before the process exits.
  return async () => {
    await Promise.all(workers.map((worker) => worker.close()))
    await hookRelay.stop()
    await Promise.all([
      sweeperQueue.close(),
      branchUpdates.close(),
      accessFacts.close(),
      pipelinesCreated.close(),
      pipelinesFinished.close(),
      closeMergeRequestQueues(connection),
    ])
    close()
  }
}
