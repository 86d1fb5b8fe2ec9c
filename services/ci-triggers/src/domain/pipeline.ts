/** GitLab's pipeline statuses (Ci::HasStatus::AVAILABLE_STATUSES). */
export const PIPELINE_STATUSES = [
  'created',
  'waiting_for_resource',
  'preparing',
  'pending',
  'running',
  'success',
  'failed',
  'canceled',
  'skipped',
  'manual',
  'scheduled',
] as const

export type PipelineStatus = (typeof PIPELINE_STATUSES)[number]

/** GitLab's pipeline sources (Enums::Ci::Pipeline.sources), without `unknown`. */
export const PIPELINE_SOURCES = [
  'push',
  'web',
  'trigger',
  'schedule',
  'api',
  'external',
  'pipeline',
  'chat',
  'webide',
  'merge_request_event',
  'external_pull_request_event',
  'parent_pipeline',
  'ondemand_dast_scan',
  'ondemand_dast_validation',
  'security_orchestration_policy',
  'container_registry_push',
  'duo_workflow',
  'pipeline_execution_policy_schedule',
] as const

export type PipelineSource = (typeof PIPELINE_SOURCES)[number]

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
}

/** True when the text is one of GitLab's pipeline sources. */
export function isPipelineSource(text: string): text is PipelineSource {
  return (PIPELINE_SOURCES as readonly string[]).includes(text)
}
