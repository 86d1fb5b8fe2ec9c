import type { Pipeline, Project } from '@suite/proto'
import { projectFullPath, projectWebUrl } from './merge-request-links.js'
import { isoTime, orNull, type PresentContext } from './present-context.js'
import { presentRelatedUser } from './related-user.js'
import { presentDetailedStatus } from './pipeline-status.js'

/** A pipeline with its project, for its links. */
export interface PipelineItem {
  pipeline: Pipeline
  project: Project | undefined
}

/** API::Entities::Ci::PipelineBasic. */
export function presentPipelineBasic({ pipeline, project }: PipelineItem, ctx: PresentContext) {
  return {
    id: pipeline.id,
    iid: pipeline.iid,
    project_id: pipeline.projectId,
    sha: pipeline.sha,
    ref: pipeline.ref,
    status: pipeline.status,
    source: pipeline.source,
    created_at: isoTime(pipeline.createdAt),
    updated_at: isoTime(pipeline.updatedAt),
    web_url: `${projectWebUrl(ctx.externalUrl, project)}/-/pipelines/${pipeline.id}`,
  }
}

/** API::Entities::Ci::PipelineBasicWithMetadata (lists): PipelineBasic plus its name. */
export function presentPipelineBasicWithMetadata(item: PipelineItem, ctx: PresentContext) {
  return { ...presentPipelineBasic(item, ctx), name: item.pipeline.name || null }
}

/** Ci::PipelinePresenter#coverage: two decimals as text ("30.00"), null without one. */
function presentCoverage(coverage: string | undefined): string | null {
  const value = coverage === undefined || coverage === '' ? NaN : Number(coverage)
  return Number.isNaN(value) ? null : value.toFixed(2)
}

/** API::Entities::Ci::Pipeline: PipelineBasic plus timings, user and detailed_status. */
export function presentPipeline(item: PipelineItem, ctx: PresentContext) {
  const { pipeline, project } = item
  return {
    ...presentPipelineBasic(item, ctx),
    before_sha: pipeline.beforeSha,
    tag: pipeline.tag,
    yaml_errors: orNull(pipeline.yamlErrors),
    user: presentRelatedUser(pipeline.userId, ctx),
    started_at: isoTime(pipeline.startedAt),
    finished_at: isoTime(pipeline.finishedAt),
    committed_at: isoTime(pipeline.committedAt),
    duration: orNull(pipeline.duration),
    queued_duration: orNull(pipeline.queuedDuration),
    coverage: presentCoverage(pipeline.coverage),
    detailed_status: presentDetailedStatus(
      pipeline.status,
      `/${projectFullPath(project) ?? ''}/-/pipelines/${pipeline.id}`,
    ),
    // Ci::Pipeline#archived? follows the instance's "archive jobs older than"
    // setting, off by default and not offered here: never archived.
    archived: false,
  }
}

/**
 * API::Entities::Ci::PipelineWithMetadata (one pipeline, latest): Pipeline plus its name. A
 * multi-project pipeline that a job token started also names its upstream (GitLab shows this
 * link as the UI's triggered_by, not in REST): `source_job` and `upstream_pipeline`, present
 * only on such pipelines so that every other pipeline keeps GitLab's exact shape.
 */
export function presentPipelineWithMetadata(item: PipelineItem, ctx: PresentContext) {
  const { pipeline } = item
  const upstream =
    pipeline.sourceJobId !== undefined && pipeline.sourcePipelineId !== undefined
      ? {
          source_job: { id: pipeline.sourceJobId },
          upstream_pipeline: {
            id: pipeline.sourcePipelineId,
            project_id: pipeline.sourceProjectId,
          },
        }
      : {}
  return { ...presentPipeline(item, ctx), name: pipeline.name || null, ...upstream }
}

/** The pipeline's user, for `related`. */
export function pipelineUserIds({ pipeline }: PipelineItem): number[] {
  return pipeline.userId === undefined ? [] : [pipeline.userId]
}
