import type { Job, Worker } from 'bullmq'
import { collectDiffVersion, type DiffCollectionOutcome } from '../domain/diff-collection.js'
import { refreshHeadPipeline } from '../domain/head-pipeline.js'
import type { MergeRequestsDeps } from '../domain/ports.js'
import { DIFF_COLLECTION_QUEUE, type MergeRequestJobData } from './queues.js'
import { startQueueWorker, type WorkerContext } from './start-worker.js'

/** Outcomes after which the request has a current diff version. */
const HAS_VERSION: ReadonlySet<DiffCollectionOutcome> = new Set(['created', 'exists', 'moved'])

/**
 * Drains DIFF_COLLECTION_QUEUE: records the request's current diff version
 * (nothing new when the heads did not move) and sets its head pipeline from
 * the pipelines of the diff head, then queues its merge status
 * check, or another collection when a branch moved meanwhile. A failure of the repository role fails the attempt; BullMQ retries.
 */
export function startDiffCollectionWorker(
  context: WorkerContext,
  deps: MergeRequestsDeps,
): Worker<MergeRequestJobData> {
  const queues = deps.ports.queues
  return startQueueWorker<MergeRequestJobData>(
    context,
    DIFF_COLLECTION_QUEUE,
    async (job: Job<MergeRequestJobData>) => {
      const { mergeRequestId } = job.data
      const outcome = await collectDiffVersion(deps, mergeRequestId)
      // A pipeline of the new head may have come before its version: it heads the request now.
      const headPipeline = HAS_VERSION.has(outcome)
        ? await refreshHeadPipeline(deps, mergeRequestId)
        : undefined
      context.logger.debug(
        { jobId: job.id, mergeRequestId, outcome, headPipeline },
        'diff collection',
      )
      if (outcome === 'moved') await queues.enqueueDiffCollection(mergeRequestId)
      else if (outcome !== 'skipped') await queues.enqueueMergeStatusCheck(mergeRequestId)
      return outcome
    },
    4,
  )
}
