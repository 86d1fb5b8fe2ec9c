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

/**
 * The queue the same outbox relay reports every branch and tag change to for
 * CI; the ci-triggers worker drains it to create push pipelines. The payload
 * is `gitlab.projects.v1.BranchUpdate` in its JSON form, as on
 * BRANCH_UPDATES_QUEUE.
 */
export const CI_REF_UPDATES_QUEUE = 'ci.ref-updates'

export interface BranchUpdatePublisher {
  /** Queues one update; the same update queued twice is stored once. */
  publish: (update: BranchUpdate) => Promise<void>
  close: () => Promise<void>
}

/** The job id of an update: one job per (project, branch or tag, before, after). */
export function branchUpdateJobId(update: BranchUpdate): string {
  return [
    update.tag ? 'tag' : 'branch',
    update.projectId,
    update.branch,
    update.before,
    update.after,
  ]
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

function updateProducer(connection: Redis, queue: string) {
  return createDurableProducer(connection, {
    queue,
    jobName: 'branch-update',
    toData: (update: BranchUpdate) => BranchUpdate.toJSON(update),
    jobId: branchUpdateJobId,
  })
}

/**
 * A producer for the ref updates of the repository role: every update goes
 * to CI_REF_UPDATES_QUEUE, branch updates also to BRANCH_UPDATES_QUEUE (the
 * merge requests know no tags). Jobs are retried with backoff and kept until
 * done; an update one queue did not take stays in the outbox and is queued
 * again, which the job ids make one job in the queue that had it.
 */
export function createBranchUpdatePublisher(connection: Redis): BranchUpdatePublisher {
  const branches = updateProducer(connection, BRANCH_UPDATES_QUEUE)
  const ci = updateProducer(connection, CI_REF_UPDATES_QUEUE)
  return {
    publish: async (update) => {
      await ci.publish(update)
      if (!update.tag) await branches.publish(update)
    },
    close: async () => {
      await Promise.all([branches.close(), ci.close()])
    },
  }
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
