import type { Redis } from 'ioredis'
import { BranchUpdate } from '@suite/proto'
import { createDurableProducer } from './durable-producer.js'
import type { OutboxCodec } from './outbox-store.js'

export { BranchUpdate }

/**
 * The queue the repository role reports every branch change to (a push over
 * HTTP, the commits and branches APIs, a merge); the merge-requests worker
 * drains it to collect new diff versions and recheck merge status. The
 * payload is `gitlab.projects.v1.BranchUpdate` in its JSON form.
 */
export const BRANCH_UPDATES_QUEUE = 'repository.branch-updates'

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

/**
 * A job's payload as a BranchUpdate, or undefined when it is not a usable one
 * (no project, no branch, or a missing sha).
 */
export function decodeBranchUpdate(data: unknown): BranchUpdate | undefined {
  if (typeof data !== 'object' || data === null) return undefined
  const update = BranchUpdate.fromJSON(data)
  if (update.projectId <= 0 || update.branch === '') return undefined
  if (update.before === '' || update.after === '') return undefined
  return update
}

/** A producer for BRANCH_UPDATES_QUEUE; jobs are retried with backoff and kept until done. */
export function createBranchUpdatePublisher(connection: Redis): BranchUpdatePublisher {
  return createDurableProducer(connection, {
    queue: BRANCH_UPDATES_QUEUE,
    jobName: 'branch-update',
    toData: (update: BranchUpdate) => BranchUpdate.toJSON(update),
    jobId: branchUpdateJobId,
  })
}

/**
 * Branch updates in the projects schema's `branch_update_outbox`, written in
 * the transaction that records a ref change and relayed to BRANCH_UPDATES_QUEUE.
 */
export const BRANCH_UPDATE_OUTBOX: OutboxCodec<BranchUpdate> = {
  table: 'branch_update_outbox',
  toJSON: (update) => BranchUpdate.toJSON(update),
  fromJSON: (payload) => BranchUpdate.fromJSON(payload),
  keyOf: branchUpdateJobId,
}
