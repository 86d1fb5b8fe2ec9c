import type { Insertable, Selectable } from 'kysely'
import type { Pipeline, PipelineSource, PipelineStatus } from '../domain/pipeline.js'
import type { NewPipeline } from '../domain/ports.js'
import type { PipelinesTable } from './pipeline-tables.js'

export type PipelineRow = Selectable<PipelinesTable>

/** A stored row as the domain's Pipeline. */
export function toPipeline(row: PipelineRow): Pipeline {
  return {
    id: row.id,
    iid: row.iid,
    projectId: row.project_id,
    sha: row.sha,
    ref: row.ref,
    // The table's check constraint and the domain's validation keep these in range.
    status: row.status as PipelineStatus,
    source: row.source as PipelineSource,
    userId: row.user_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    committedAt: row.committed_at,
    duration: row.duration,
    queuedDuration: row.queued_duration,
    coverage: row.coverage,
    beforeSha: row.before_sha,
    tag: row.tag,
    yamlErrors: row.yaml_errors,
    mergeRequestId: row.merge_request_id,
    name: row.name,
    upstream:
      row.source_job_id !== null &&
      row.source_pipeline_id !== null &&
      row.source_project_id !== null
        ? {
            jobId: row.source_job_id,
            pipelineId: row.source_pipeline_id,
            projectId: row.source_project_id,
          }
        : null,
  }
}

/** The row to insert for a new pipeline with its allocated iid. */
export function newPipelineRow(pipeline: NewPipeline, iid: number): Insertable<PipelinesTable> {
  return {
    iid,
    project_id: pipeline.projectId,
    sha: pipeline.sha,
    ref: pipeline.ref,
    status: pipeline.status,
    source: pipeline.source,
    user_id: pipeline.userId,
    started_at: pipeline.startedAt,
    finished_at: pipeline.finishedAt,
    committed_at: pipeline.committedAt,
    duration: pipeline.duration,
    before_sha: pipeline.beforeSha,
    tag: pipeline.tag,
    merge_request_id: pipeline.mergeRequestId,
    idempotency_key: pipeline.idempotencyKey,
    trigger_id: pipeline.triggerId,
    yaml_errors: pipeline.yamlErrors,
    failure_reason: pipeline.failureReason,
    name: pipeline.name,
    source_job_id: pipeline.upstream?.jobId ?? null,
    source_pipeline_id: pipeline.upstream?.pipelineId ?? null,
    source_project_id: pipeline.upstream?.projectId ?? null,
    predefined_variables: JSON.stringify(pipeline.predefinedVariables),
  }
}
