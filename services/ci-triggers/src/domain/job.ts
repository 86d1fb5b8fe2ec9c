import type { PipelineStatus } from './pipeline.js'

/** A job's status: the same words as a pipeline's (Ci::HasStatus). */
export type JobStatus = PipelineStatus

/** When a job runs, relative to the jobs before it (GitLab's `when:`). */
export type JobWhen = 'on_success' | 'on_failure' | 'always' | 'manual' | 'delayed'

/** A CI job (GitLab's ci_builds row), as the domain sees it. */
export interface Job {
  id: number
  projectId: number
  pipelineId: number
  name: string
  stage: string
  stageIdx: number
  status: JobStatus
  ref: string
  tag: boolean
  sha: string
  when: JobWhen
  allowFailure: boolean
  /** Null: waits for the stages before it; names: waits only for those jobs. */
  needs: string[] | null
  userId: number | null
  createdAt: Date
  updatedAt: Date
  queuedAt: Date | null
  startedAt: Date | null
  finishedAt: Date | null
  erasedAt: Date | null
  coverage: string | null
  failureReason: string | null
  tagList: string[]
  /** Replaced by a retry. */
  retried: boolean
  runnerId: number | null
  /** What a runner needs: script, before_script, after_script, image, services, ... */
  options: Record<string, unknown>
  yamlVariables: Record<string, string>
  /** Seconds a runner may run it, set when a runner takes it. */
  timeout: number | null
  exitCode: number | null
}

/** A job to store with a new pipeline; it starts `created`. */
export interface NewJob {
  name: string
  stage: string
  stageIdx: number
  when: JobWhen
  allowFailure: boolean
  needs: string[] | null
  tagList: string[]
  options: Record<string, unknown>
  yamlVariables: Record<string, string>
}

/** Statuses after which a job will not change on its own (Ci::HasStatus::COMPLETED_STATUSES). */
export const COMPLETED_STATUSES: ReadonlySet<JobStatus> = new Set([
  'success',
  'failed',
  'canceled',
  'skipped',
])

/** Statuses cancel moves to canceled (Ci::HasStatus::CANCELABLE_STATUSES). */
export const CANCELABLE_STATUSES: ReadonlySet<JobStatus> = new Set([
  'running',
  'waiting_for_resource',
  'preparing',
  'pending',
  'created',
  'scheduled',
])

/** Seconds between two instants, or null when either is missing. */
export function secondsBetween(from: Date | null, to: Date | null): number | null {
  if (!from || !to) return null
  return Math.max(0, (to.getTime() - from.getTime()) / 1000)
}
