/** The merge-requests BullMQ queues and the domain's WorkQueues on them. */
import { Queue, type JobsOptions } from 'bullmq'
import type { Redis } from 'ioredis'
import {
  createDurableProducer,
  queuePrefix,
  withRequestMeta,
  type OutboxRoute,
} from '@suite/runtime'
import type { PipelineAsk, RebaseJob, WorkQueues } from '../domain/ports.js'
import { PIPELINE_ASK_OUTBOX, pipelineAskKey } from '../store/pipeline-ask-outbox.store.js'

export const DIFF_COLLECTION_QUEUE = 'merge-requests.diffs'
export const MERGE_STATUS_QUEUE = 'merge-requests.merge-status'
/** PUT .../rebase's jobs (GitLab's RebaseWorker). */
export const REBASE_QUEUE = 'merge-requests.rebase'
/** The repeatable sweep that re-queues work an enqueue lost in a crash. */
export const SWEEPER_QUEUE = 'merge-requests.sweeper'

/** Merge request pipelines asked for by an open or a push (from `pipeline_ask_outbox`). */
export const MERGE_REQUEST_PIPELINES_QUEUE = 'merge-requests.pipelines'

/** The outbox of asks and its queue: one job per request and head. */
export const PIPELINE_ASK_ROUTE: OutboxRoute<PipelineAsk> = {
  outbox: PIPELINE_ASK_OUTBOX,
  createPublisher: (connection) =>
    createDurableProducer(connection, {
      queue: MERGE_REQUEST_PIPELINES_QUEUE,
      jobName: 'merge-request-pipeline',
      toData: (ask: PipelineAsk) => ask,
      jobId: pipelineAskKey,
    }),
}

/** The payload of a diff collection or merge status job. */
export interface MergeRequestJobData {
  mergeRequestId: number
}

/**
 * Retried with exponential backoff; a bounded history of finished jobs. A job
 * whose worker dies is taken back by BullMQ when its lock expires (stalled).
 */
export const JOB_OPTIONS: JobsOptions = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 1_000 },
  removeOnComplete: 1_000,
  removeOnFail: 5_000,
}

/**
 * The job id of a merge request's job in a queue: one waiting job per merge
 * request, so repeated asks collapse (BullMQ ids may not contain ':').
 */
export function mergeRequestJobId(kind: 'diffs' | 'status', mergeRequestId: number): string {
  return `${kind}-${mergeRequestId}`
}

const queues = new WeakMap<Redis, Map<string, Queue<MergeRequestJobData>>>()

/** The producer for `name` on this connection, created on first use. */
export function mergeRequestQueue(connection: Redis, name: string): Queue<MergeRequestJobData> {
  let byName = queues.get(connection)
  if (!byName) {
    byName = new Map()
    queues.set(connection, byName)
  }
  let queue = byName.get(name)
  if (!queue) {
    queue = new Queue<MergeRequestJobData>(name, { connection, prefix: queuePrefix() })
    byName.set(name, queue)
  }
  return queue
}

async function enqueue(
  connection: Redis,
  name: string,
  kind: 'diffs' | 'status',
  mergeRequestId: number,
): Promise<void> {
  const queue = mergeRequestQueue(connection, name)
  let jobId = mergeRequestJobId(kind, mergeRequestId)
  const previous = await queue.getJob(jobId)
  const state = previous ? await previous.getState() : undefined
  if (state === 'completed' || state === 'failed') {
    // A finished job with the same id would swallow the new ask.
    await previous?.remove().catch(() => undefined)
  } else if (state === 'active') {
    // The running job may have read the branches already: this ask runs after
    // it, as its own job (the work is idempotent, a duplicate records nothing).
    jobId = `${jobId}-${Date.now()}`
  }
  // Asked from a gRPC call or a job: the job carries that request's id.
  await queue.add(kind, withRequestMeta({ mergeRequestId }), { ...JOB_OPTIONS, jobId })
}

/**
 * The work queues on the connection `redis` opens (on first use): diff
 * collection (after create, a push, or a target-branch change; a merge status
 * check follows it) and merge status rechecks.
 */
export function workQueues(redis: () => Redis): WorkQueues {
  return {
    enqueueDiffCollection: async (mergeRequestId) => {
      await enqueue(redis(), DIFF_COLLECTION_QUEUE, 'diffs', mergeRequestId)
    },
    enqueueMergeStatusCheck: async (mergeRequestId) => {
      await enqueue(redis(), MERGE_STATUS_QUEUE, 'status', mergeRequestId)
    },
    enqueueRebase: async (job) => {
      // One job per rebase asked for: its id is the request's rebase_jid.
      const queue = rebaseQueue(redis())
      await queue.add('rebase', withRequestMeta({ ...job }), { ...JOB_OPTIONS, jobId: job.jid })
    },
  }
}

const rebaseQueues = new WeakMap<Redis, Queue<RebaseJob>>()

/** The rebase producer on this connection, created on first use. */
export function rebaseQueue(connection: Redis): Queue<RebaseJob> {
  let queue = rebaseQueues.get(connection)
  if (!queue) {
    queue = new Queue<RebaseJob>(REBASE_QUEUE, { connection, prefix: queuePrefix() })
    rebaseQueues.set(connection, queue)
  }
  return queue
}

/** Closes the producers opened on this connection (worker shutdown). */
export async function closeMergeRequestQueues(connection: Redis): Promise<void> {
  const rebases = rebaseQueues.get(connection)
  rebaseQueues.delete(connection)
  await rebases?.close()
  const byName = queues.get(connection)
  if (!byName) return
  queues.delete(connection)
  await Promise.all([...byName.values()].map((queue) => queue.close()))
}
