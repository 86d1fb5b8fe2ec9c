/**
 * The webhook event of a pipeline's status change (GitLab's
 * Gitlab::DataBuilder::Pipeline, queued by Ci::Pipeline's after_transition on
 * every change that is not a loopback). The projects worker fills the `user`
 * and `project` blocks left null here.
 */
import { hookEvent, hookTime, type HookEvent } from '@suite/runtime'
import { secondsBetween, type Job } from './job.js'
import type { Pipeline, PipelineStatus } from './pipeline.js'
import type { RunnerType } from './runner.js'

/** The runner of a job as a payload shows it. */
export interface HookRunner {
  id: number
  description: string
  runnerType: RunnerType
  paused: boolean
  tags: string[]
}

/** The project a downstream pipeline's upstream job ran in. */
export interface UpstreamProject {
  id: number
  webUrl: string
  fullPath: string
}

/** What a pipeline's payload is made of, read in the transaction that changed it (or for a sample). */
export interface PipelineHookFacts {
  pipeline: Pipeline
  /** The pipeline's latest built jobs (not those replaced by a retry, nor commit statuses). */
  builds: readonly Job[]
  /** Its stages' names in order, commit statuses' `external` included. */
  stages: readonly string[]
  /** True when a latest job (or commit status) failed but was allowed to. */
  hasWarnings: boolean
  /** What the pipeline was created with (ci_pipeline_variables). */
  variables: readonly { key: string; value: string }[]
  /** The CI_* variables stored with it: the project's URL, a merge request's source branch. */
  predefinedVariables: Record<string, string>
  /** The runners of the builds, by id. */
  runners: ReadonlyMap<number, HookRunner>
  /** Of a pipeline a job token triggered; null when the upstream pipeline is gone. */
  upstreamProject: UpstreamProject | null
  /** When the event is built: running jobs' durations count to it. */
  now: Date
}

export { hookTime }

/** Gitlab::Ci::Status::Pipeline::Factory's label of a status. */
export function detailedStatusLabel(status: PipelineStatus, hasWarnings: boolean): string {
  switch (status) {
    case 'success':
      return hasWarnings ? 'passed with warnings' : 'passed'
    case 'manual':
      return 'waiting for manual action'
    case 'scheduled':
      return 'waiting for delayed job'
    case 'waiting_for_resource':
      return 'waiting for resource'
    default:
      return status
  }
}

/** "Name <email>" (CI_COMMIT_AUTHOR) as its parts. */
function authorOf(text: string): { name: string; email: string } {
  const open = text.lastIndexOf(' <')
  if (open === -1 || !text.endsWith('>')) return { name: text, email: '' }
  return { name: text.slice(0, open), email: text.slice(open + 2, -1) }
}

/**
 * Commit#hook_attrs, from the CI_COMMIT_* variables the pipeline was created
 * with; null when it was created for a given sha (its commit was not read).
 */
function commitAttrs(pipeline: Pipeline, predefined: Record<string, string>) {
  const message = predefined['CI_COMMIT_MESSAGE']
  const projectUrl = predefined['CI_PROJECT_URL']
  if (message === undefined || projectUrl === undefined) return null
  return {
    id: pipeline.sha,
    message,
    title: predefined['CI_COMMIT_TITLE'] ?? '',
    timestamp: predefined['CI_COMMIT_TIMESTAMP'] ?? null,
    url: `${projectUrl}/-/commit/${pipeline.sha}`,
    author: authorOf(predefined['CI_COMMIT_AUTHOR'] ?? ''),
  }
}

/** Ci::Build#hook_attrs: `user` is left null (the payload has one user block to fill). */
function buildAttrs(job: Job, runners: ReadonlyMap<number, HookRunner>, now: Date) {
  const runner = job.runnerId === null ? undefined : runners.get(job.runnerId)
  return {
    id: job.id,
    stage: job.stage,
    name: job.name,
    status: job.status,
    created_at: hookTime(job.createdAt),
    started_at: hookTime(job.startedAt),
    finished_at: hookTime(job.finishedAt),
    duration: job.startedAt ? secondsBetween(job.startedAt, job.finishedAt ?? now) : null,
    queued_duration: job.queuedAt ? secondsBetween(job.queuedAt, job.startedAt ?? now) : null,
    failure_reason: job.status === 'failed' ? job.failureReason : null,
    when: job.when,
    manual: job.when === 'manual' || job.when === 'delayed',
    allow_failure: job.allowFailure,
    user: null,
    runner: runner
      ? {
          id: runner.id,
          description: runner.description,
          runner_type: runner.runnerType,
          active: !runner.paused,
          is_shared: runner.runnerType === 'instance_type',
          tags: runner.tags,
        }
      : null,
    artifacts_file: { filename: null, size: null },
    environment: null,
  }
}

/**
 * The payload in GitLab's key order. `merge_request` is null: ci-triggers
 * does not keep the merge request's state; `user` and `project` are left
 * for the projects worker to fill.
 */
export function pipelineHookPayload(facts: PipelineHookFacts): Record<string, unknown> {
  const { pipeline, predefinedVariables: predefined } = facts
  const projectUrl = predefined['CI_PROJECT_URL']
  const payload: Record<string, unknown> = {
    object_kind: 'pipeline',
    object_attributes: {
      id: pipeline.id,
      iid: pipeline.iid,
      name: pipeline.name,
      // source_ref: a merge request pipeline's is its source branch, not refs/merge-requests/.
      ref:
        pipeline.mergeRequestId === null
          ? pipeline.ref
          : (predefined['CI_MERGE_REQUEST_SOURCE_BRANCH_NAME'] ?? pipeline.ref),
      tag: pipeline.tag,
      sha: pipeline.sha,
      before_sha: pipeline.beforeSha,
      source: pipeline.source,
      status: pipeline.status,
      detailed_status: detailedStatusLabel(pipeline.status, facts.hasWarnings),
      stages: [...facts.stages],
      created_at: hookTime(pipeline.createdAt),
      finished_at: hookTime(pipeline.finishedAt),
      duration: pipeline.duration,
      queued_duration: pipeline.queuedDuration,
      variables: facts.variables.map(({ key, value }) => ({ key, value })),
      url: projectUrl === undefined ? null : `${projectUrl}/-/pipelines/${pipeline.id}`,
    },
    merge_request: null,
    user: null,
    project: null,
    commit: commitAttrs(pipeline, predefined),
    builds: [...facts.builds]
      .sort((a, b) => a.id - b.id)
      .map((job) => buildAttrs(job, facts.runners, facts.now)),
  }
  const upstream = pipeline.upstream
  if (upstream) {
    payload['source_pipeline'] = {
      project: facts.upstreamProject && {
        id: facts.upstreamProject.id,
        web_url: facts.upstreamProject.webUrl,
        path_with_namespace: facts.upstreamProject.fullPath,
      },
      job_id: upstream.jobId,
      pipeline_id: upstream.pipelineId,
    }
  }
  return payload
}

/**
 * The event of a pipeline in its current status, as a status change sends it
 * and as a hook's test shows the project's newest pipeline.
 */
export function pipelineHookSample(facts: PipelineHookFacts): HookEvent {
  const { pipeline } = facts
  return hookEvent({
    projectId: pipeline.projectId,
    kind: 'pipeline_hooks',
    ...(pipeline.userId === null ? {} : { userId: pipeline.userId }),
    payload: pipelineHookPayload(facts),
  })
}

/** The event of a pipeline that has just moved to its current status; none when it stayed. */
export function pipelineHookEvent(
  before: PipelineStatus,
  facts: PipelineHookFacts,
): HookEvent | undefined {
  if (before === facts.pipeline.status) return undefined
  return pipelineHookSample(facts)
}
