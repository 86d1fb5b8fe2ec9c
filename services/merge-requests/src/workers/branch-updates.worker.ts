import { UnrecoverableError, type Job, type Worker } from 'bullmq'
import { BRANCH_UPDATES_QUEUE, decodeBranchUpdate } from '@suite/runtime'
import { applyBranchUpdate } from '../domain/branch-updates.js'
import type { MergeRequestsDeps } from '../domain/deps.js'
import { startQueueWorker, type WorkerContext } from './start-worker.js'

/**
 * Drains the repository role's BRANCH_UPDATES_QUEUE: each update refreshes the
 * opened requests from or into the branch. A malformed update fails for good.
 */
export function startBranchUpdatesWorker(context: WorkerContext, deps: MergeRequestsDeps): Worker {
  return startQueueWorker<unknown>(
    context,
    BRANCH_UPDATES_QUEUE,
    async (job: Job<unknown>) => {
      const update = decodeBranchUpdate(job.data)
      if (!update) throw new UnrecoverableError('not a branch update')
      const refreshed = await applyBranchUpdate(deps, update)
      context.logger.debug({ jobId: job.id, refreshed }, 'branch update applied')
      return refreshed.length
    },
    4,
  )
}
