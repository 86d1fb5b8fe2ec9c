import { Queue } from 'bullmq'
import type { Redis } from 'ioredis'
import { queuePrefix } from './queues.js'

/**
 * The queue the repository role reports every branch change to (a push over
 * HTTP, the commits and branches APIs, a merge); the merge-requests worker
 * drains it to collect new diff versions and recheck merge status.
 */
export const BRANCH_UPDATES_QUEUE = 'repository.branch-updates'

/** One branch moved, was created (before all zeros) or deleted (after all zeros). */
export interface BranchUpdate {
  projectId: number
  /** Branch name, without refs/heads/. */
  branch: string
  before: string
  after: string
  /** Who pushed, when known. */
  userId?: number
}

export interface BranchUpdatePublisher {
  /** Queues one update; the same update queued twice is stored once. */
  publish: (update: BranchUpdate) => Promise<void>
  close: () => Promise<void>
}

/** The job id of an update: one job per (project, branch, before, after). */
export function branchUpdateJobId(update: BranchUpdate): string {
  return ['branch', update.projectId, update.branch, update.before, update.after]
    .join('_')
    .replace(/:/g, '_')
}

/** A producer for BRANCH_UPDATES_QUEUE; jobs are retried with backoff and kept until done. */
export function createBranchUpdatePublisher(connection: Redis): BranchUpdatePublisher {
  const queue = new Queue(BRANCH_UPDATES_QUEUE, { connection, prefix: queuePrefix() })
  return {
    publish: async (update) => {
      await queue.add('branch-update', update, {
        jobId: branchUpdateJobId(update),
        attempts: 10,
        backoff: { type: 'exponential', delay: 1_000 },
        removeOnComplete: 1_000,
        removeOnFail: false,
      })
    },
    close: () => queue.close(),
  }
}
