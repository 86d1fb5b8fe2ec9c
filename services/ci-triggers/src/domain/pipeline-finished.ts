import { PIPELINE_COMPLETED_STATUSES, type PipelineCompletedStatus } from '@suite/runtime'
import {
  headPipelineCandidate,
  type HeadPipelineCandidate,
  type Pipeline,
  type PipelineStatus,
} from './pipeline.js'

const COMPLETED: ReadonlySet<PipelineStatus> = new Set(PIPELINE_COMPLETED_STATUSES)

/**
 * A pipeline that reached a completed status (again, after a retry: each
 * time), as the merge requests hear of it (the store writes it to the outbox
 * as gitlab.ci.v1.PipelineFinished).
 */
export interface PipelineFinishedNews extends HeadPipelineCandidate {
  status: PipelineCompletedStatus
  /** A branch pipeline (neither a tag's nor a merge request's): one that may be a head pipeline. */
  branch: boolean
  /** When it finished (ISO 8601); tells one completion of the pipeline from the next. */
  finishedAt: string
}

/**
 * What a status change tells the merge requests: a pipeline that has just
 * reached a completed status (GitLab queues AutoMergeProcessWorker on every
 * transition into Ci::Pipeline.completed_statuses); nothing when it stayed
 * where it was or is still active.
 */
export function pipelineFinishedNews(
  before: PipelineStatus,
  after: Pipeline,
): PipelineFinishedNews | undefined {
  if (before === after.status || !COMPLETED.has(after.status)) return undefined
  return {
    projectId: after.projectId,
    pipelineId: after.id,
    ref: after.ref,
    sha: after.sha,
    status: after.status as PipelineCompletedStatus,
    branch: headPipelineCandidate(after) !== undefined,
    // A completed pipeline has its finish time; updated_at stands in should one lack it.
    finishedAt: (after.finishedAt ?? after.updatedAt).toISOString(),
  }
}
