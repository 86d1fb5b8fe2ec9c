import { PIPELINE_COMPLETED_STATUSES, type PipelineFinished } from '@suite/runtime'
import { headPipelineCandidate, type Pipeline, type PipelineStatus } from './pipeline.js'

const COMPLETED: ReadonlySet<PipelineStatus> = new Set(PIPELINE_COMPLETED_STATUSES)

/**
 * What a status change tells the merge requests: a pipeline that has just
 * reached a completed status (GitLab queues AutoMergeProcessWorker on every
 * transition into Ci::Pipeline.completed_statuses); nothing when it stayed
 * where it was or is still active.
 */
export function pipelineFinishedNews(
  before: PipelineStatus,
  after: Pipeline,
): PipelineFinished | undefined {
  if (before === after.status || !COMPLETED.has(after.status)) return undefined
  return {
    projectId: after.projectId,
    pipelineId: after.id,
    ref: after.ref,
    sha: after.sha,
    status: after.status as PipelineFinished['status'],
    branch: headPipelineCandidate(after) !== undefined,
    // A completed pipeline has its finish time; updated_at stands in should one lack it.
    finishedAt: (after.finishedAt ?? after.updatedAt).toISOString(),
  }
}
