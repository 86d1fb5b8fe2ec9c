import type { CiStatus, PipelineSource } from '@suite/runtime'

export { isPipelineSource, PIPELINE_SOURCES, type PipelineSource } from '@suite/runtime'

/** A pipeline's status (Ci::HasStatus::AVAILABLE_STATUSES). */
export type PipelineStatus = CiStatus

/** Gitlab::Git::SHA1_BLANK_SHA: GitLab's before_sha when there is no previous commit. */
export const BLANK_SHA = '0000000000000000000000000000000000000000'

/** A CI pipeline (GitLab's ci_pipelines row), as the domain sees it. */
export interface Pipeline {
  id: number
  /** Per project, from 1. */
  iid: number
  projectId: number
  sha: string
  ref: string
  status: PipelineStatus
  source: PipelineSource
  userId: number | null
  createdAt: Date
  updatedAt: Date
  startedAt: Date | null
  finishedAt: Date | null
  committedAt: Date | null
  /** Seconds of running, once it finished. */
  duration: number | null
  /** Seconds between creation and start. */
  queuedDuration: number | null
  coverage: string | null
  beforeSha: string
  tag: boolean
  yamlErrors: string | null
  /** The merge request of a merge_request_event pipeline (global id). */
  mergeRequestId: number | null
  /** workflow:name of the configuration; none yet. */
  name: string | null
  /** The job whose token triggered it (source `pipeline`), with its pipeline and project. */
  upstream: PipelineUpstream | null
}

/** GitLab's ci_sources_pipelines row of a multi-project pipeline a job token started. */
export interface PipelineUpstream {
  jobId: number
  pipelineId: number
  projectId: number
}

/**
 * A new branch pipeline, as the merge requests hear of it (the store writes
 * it to the outbox as gitlab.ci.v1.PipelineCreated).
 */
export interface HeadPipelineCandidate {
  projectId: number
  pipelineId: number
  ref: string
  sha: string
}

/**
 * What a new pipeline tells the merge requests: a branch pipeline may become
 * the head pipeline of the opened requests whose head it ran on (GitLab's
 * MergeRequests::UpdateHeadPipelineWorker); a tag or merge request pipeline not.
 */
export function headPipelineCandidate(pipeline: Pipeline): HeadPipelineCandidate | undefined {
  if (pipeline.mergeRequestId !== null || pipeline.tag) return undefined
  return {
    projectId: pipeline.projectId,
    pipelineId: pipeline.id,
    ref: pipeline.ref,
    sha: pipeline.sha,
  }
}
