import { UnrecoverableError, type Job, type Worker } from 'bullmq'
import {
  CI_REF_UPDATES_QUEUE,
  decodeBranchUpdate,
  startQueueWorker,
  type BranchUpdate,
  type WorkerContext,
} from '@suite/runtime'
import {
  createPushPipeline,
  type PushPipelineDeps,
  type RefUpdate,
} from '../domain/push-pipeline.js'

/** The queue's message as the domain's ref update. */
function refUpdateOf(update: BranchUpdate): RefUpdate {
  return {
    projectId: update.projectId,
    ref: update.branch,
    tag: update.tag === true,
    before: update.before,
    after: update.after,
    userId: update.userId ?? null,
    pushOptions: update.pushOptions?.ci ?? [],
    changeIndex: update.changeIndex ?? 0,
  }
}

/**
 * Drains CI_REF_UPDATES_QUEUE: each branch or tag a push created or moved
 * gets its push pipeline (one per push: a job run twice finds the first one).
 * A malformed update fails for good.
 */
export function startPushPipelinesWorker(context: WorkerContext, deps: PushPipelineDeps): Worker {
  return startQueueWorker<unknown>(
    context,
    CI_REF_UPDATES_QUEUE,
    async (job: Job<unknown>) => {
      const update = decodeBranchUpdate(job.data)
      if (!update) throw new UnrecoverableError('not a ref update')
      const outcome = await createPushPipeline(deps, refUpdateOf(update))
      const fields = { jobId: job.id, projectId: update.projectId, ref: update.branch }
      if (outcome.kind === 'none') {
        context.logger.debug({ ...fields, reason: outcome.reason }, 'push without pipeline')
        return 0
      }
      context.logger.info({ ...fields, pipelineId: outcome.pipeline.id }, 'push pipeline')
      return outcome.pipeline.id
    },
    4,
  )
}
