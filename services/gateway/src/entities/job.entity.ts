import type { Commit, Job, Pipeline, Project, Runner } from '@suite/proto'
import { presentCommit } from './commit.entity.js'
import { projectWebUrl } from './merge-request-links.js'
import { presentPipelineBasic } from './pipeline.entity.js'
import { isoTime, orNull, type PresentContext } from './present-context.js'
import { projectFlag } from './project-setting-values.js'
import { presentRunner } from './runner.entity.js'
import { presentUser } from './user.entity.js'

/** A job with what its entity shows besides itself: its pipeline, project and commit. */
export interface JobItem {
  job: Job
  pipeline: Pipeline | undefined
  project: Project
  /** Loaded once per distinct sha of a page, not once per job. */
  commit: Commit | undefined
  /** The runner that took it, loaded once per page. */
  runner?: Runner | undefined
}

/** Ci::Build#coverage is a float column: a number or null. */
function presentCoverage(coverage: string | undefined): number | null {
  const value = coverage === undefined || coverage === '' ? NaN : Number(coverage)
  return Number.isNaN(value) ? null : value
}

/** API::Entities::Ci::JobBasic. */
export function presentJobBasic(item: JobItem, ctx: PresentContext) {
  const { job, pipeline, project, commit } = item
  const user = job.userId === undefined ? undefined : ctx.users.get(job.userId)
  const webUrl = projectWebUrl(ctx.externalUrl, project)
  return {
    id: job.id,
    status: job.status,
    stage: job.stage,
    name: job.name,
    ref: job.ref,
    tag: job.tag,
    coverage: presentCoverage(job.coverage),
    allow_failure: job.allowFailure,
    created_at: isoTime(job.createdAt),
    started_at: isoTime(job.startedAt),
    finished_at: isoTime(job.finishedAt),
    erased_at: isoTime(job.erasedAt),
    duration: orNull(job.duration),
    queued_duration: orNull(job.queuedDuration),
    user: user ? presentUser(user, ctx) : null,
    commit: commit ? presentCommit(commit, { webUrl }) : null,
    pipeline: pipeline ? presentPipelineBasic({ pipeline, project }, ctx) : null,
    // Exposed only for a failed job.
    ...(job.status === 'failed' ? { failure_reason: orNull(job.failureReason) } : {}),
    web_url: `${webUrl}/-/jobs/${job.id}`,
    project: {
      // Ci::Build#project.ci_outbound_job_token_scope_enabled?
      ci_job_token_scope_enabled: projectFlag(project, 'ci_job_token_scope_enabled'),
    },
  }
}

/**
 * API::Entities::Ci::Job: JobBasic plus artifacts and runner. No artifacts
 * are stored and no runner details are kept here: `artifacts` is empty,
 * `artifacts_file` left out (GitLab shows it only when there are artifacts),
 * `runner_manager` null (runner managers are not kept apart from runners).
 */
export function presentJob(item: JobItem, ctx: PresentContext) {
  return {
    ...presentJobBasic(item, ctx),
    artifacts: [],
    runner: item.runner ? presentRunner(item.runner, ctx) : null,
    runner_manager: null,
    artifacts_expire_at: null,
    archived: item.job.archived,
    // Ci::Build#tags, by name.
    tag_list: [...item.job.tagList].sort(),
  }
}

/** The job's user, for `related`. */
export function jobUserIds({ job }: JobItem): number[] {
  return job.userId === undefined ? [] : [job.userId]
}
