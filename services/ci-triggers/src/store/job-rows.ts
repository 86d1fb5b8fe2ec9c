import type { Insertable, Selectable } from 'kysely'
import type { Job, JobStatus, JobWhen, NewJob } from '../domain/job.js'
import type { JobsTable } from './pipeline-tables.js'

export type JobRow = Selectable<JobsTable>

/** A stored row as the domain's Job. */
export function toJob(row: JobRow): Job {
  return {
    id: row.id,
    projectId: row.project_id,
    pipelineId: row.pipeline_id,
    name: row.name,
    stage: row.stage,
    stageIdx: row.stage_idx,
    // The table's check constraint keeps these in range.
    status: row.status as JobStatus,
    ref: row.ref,
    tag: row.tag,
    sha: row.sha,
    when: row.when as JobWhen,
    allowFailure: row.allow_failure,
    needs: row.needs,
    userId: row.user_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    queuedAt: row.queued_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    erasedAt: row.erased_at,
    coverage: row.coverage,
    failureReason: row.failure_reason,
    tagList: row.tag_list,
    retried: row.retried,
    runnerId: row.runner_id,
    options: row.options,
    yamlVariables: row.yaml_variables,
    timeout: row.timeout,
    exitCode: row.exit_code,
  }
}

/** What every job of a pipeline shares with it. */
export interface JobOrigin {
  projectId: number
  pipelineId: number
  ref: string
  tag: boolean
  sha: string
  userId: number | null
}

/** The row of a new job, created. */
export function newJobRow(job: NewJob, origin: JobOrigin): Insertable<JobsTable> {
  return {
    project_id: origin.projectId,
    pipeline_id: origin.pipelineId,
    name: job.name,
    stage: job.stage,
    stage_idx: job.stageIdx,
    status: 'created',
    ref: origin.ref,
    tag: origin.tag,
    sha: origin.sha,
    when: job.when,
    allow_failure: job.allowFailure,
    needs: job.needs === null ? null : JSON.stringify(job.needs),
    user_id: origin.userId,
    tag_list: job.tagList,
    options: JSON.stringify(job.options),
    yaml_variables: JSON.stringify(job.yamlVariables),
  }
}

/** A retry's copy of a job: the same definition, created again. */
export function retriedJobRow(job: Job): Insertable<JobsTable> {
  return newJobRow(
    {
      name: job.name,
      stage: job.stage,
      stageIdx: job.stageIdx,
      when: job.when,
      allowFailure: job.allowFailure,
      needs: job.needs,
      tagList: job.tagList,
      options: job.options,
      yamlVariables: job.yamlVariables,
    },
    job,
  )
}
