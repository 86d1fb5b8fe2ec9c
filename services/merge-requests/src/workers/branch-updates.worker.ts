import { UnrecoverableError, type Job, type Worker } from 'bullmq'
import { BRANCH_UPDATES_QUEUE, type BranchUpdate } from '@suite/runtime'
import { applyBranchUpdate } from '../domain/branch-updates.js'
import type { MergeRequestsDeps } from '../rpc/deps.js'
import { startQueueWorker, type WorkerContext } from './start-worker.js'

/** The job's payload as a BranchUpdate, or undefined when it is not one. */
export function parseBranchUpdate(data: unknown): BranchUpdate | undefined {
  if (typeof data !== 'object' || data === null) return undefined
  const record = data as Record<string, unknown>
  const { projectId, branch, before, after, userId } = record
  if (typeof projectId !== 'number' || projectId <= 0) return undefined
  if (typeof branch !== 'string' || branch === '') return undefined
  if (typeof before !== 'string' || typeof after !== 'string') return undefined
  if (userId !== undefined && userId !== null && typeof userId !== 'number') return undefined
  return { projectId, branch, before, after, ...(typeof userId === 'number' && { userId }) }
}

/**
 * Drains the repository role's BRANCH_UPDATES_QUEUE: each update refreshes the
 * opened requests from or into the branch. A malformed update fails for good.
 */
export function startBranchUpdatesWorker(context: WorkerContext, deps: MergeRequestsDeps): Worker {
  return startQueueWorker<unknown>(
    context,
    BRANCH_UPDATES_QUEUE,
    async (job: Job<unknown>) => {
      const update = parseBranchUpdate(job.data)
      if (!update) throw new UnrecoverableError('not a branch update')
      const refreshed = await applyBranchUpdate(deps, update)
      context.logger.debug({ jobId: job.id, refreshed }, 'branch update applied')
      return refreshed.length
    },
    4,
  )
}
