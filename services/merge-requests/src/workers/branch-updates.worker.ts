import { UnrecoverableError, type Job, type Worker } from 'bullmq'
import { BRANCH_UPDATES_QUEUE, decodeBranchUpdate } from '@suite/runtime'
import { applyBranchUpdate } from '../domain/branch-updates.js'
import { notePushedCommits } from '../domain/commit-notes.js'
import type { MergeRequestsDeps } from '../domain/ports.js'
import { startQueueWorker, type WorkerContext } from './start-worker.js'

/**
 * Drains the repository role's BRANCH_UPDATES_QUEUE: each update refreshes the
 * opened requests from or into the branch, and a push to a request's source
 * branch leaves its pushed-commits note. A malformed update fails for good.
 */
export function startBranchUpdatesWorker(context: WorkerContext, deps: MergeRequestsDeps): Worker {
  return startQueueWorker<unknown>(
    context,
    BRANCH_UPDATES_QUEUE,
    async (job: Job<unknown>) => {
      const update = decodeBranchUpdate(job.data)
      if (!update) throw new UnrecoverableError('not a branch update')
      const refreshed = await applyBranchUpdate(deps, update)
      // After the refresh is queued: a retry for a failed note redoes only idempotent work.
      const notes = await notePushedCommits(deps, update)
      context.logger.debug({ jobId: job.id, refreshed, notes }, 'branch update applied')
      return refreshed.length
    },
    4,
  )
}
