import type { Pipeline, Project } from '@suite/proto'
import { canInProject } from '../auth/abilities.js'
import { presentMergeRequestBasic } from './merge-request-basic.entity.js'
import type { MergeRequestItem } from './merge-request-item.js'
import { mergeRequestUserIds } from './merge-request-item.js'
import { markdownHtml } from './markdown-html.js'
import { presentPipeline, presentPipelineBasic } from './pipeline.entity.js'
import { isoTime, orNull, type PresentContext } from './present-context.js'

/** A merge request answered alone (GET, create, update, merge, subscribe...). */
export interface MergeRequestDetail extends MergeRequestItem {
  /** The head pipeline, from ci-triggers. */
  headPipeline?: Pipeline | undefined
  /** The head pipeline's project, when it ran elsewhere (a fork's request, in the fork). */
  headPipelineProject?: Project | undefined
  includeRebaseInProgress?: boolean
  /** render_html: title_html and description_html. */
  renderHtml?: boolean
}

/** A title rendered as GitLab's single-line markdown: the paragraph's content. */
function markdownInline(title: string): string {
  return markdownHtml(title)
    .replace(/^<p[^>]*>/, '')
    .replace(/<\/p>$/, '')
}

/** API::Entities::MergeRequest: MergeRequestBasic plus the single-request fields. */
export function presentMergeRequest(detail: MergeRequestDetail, ctx: PresentContext) {
  const mr = detail.mergeRequest
  // The head pipeline only for those with :read_pipeline in the project.
  const readPipeline = canInProject(detail.project?.abilities, 'readPipeline')
  const pipeline = readPipeline ? detail.headPipeline : undefined
  const pipelineItem = pipeline && {
    pipeline,
    project: detail.headPipelineProject ?? detail.project,
  }
  return {
    ...presentMergeRequestBasic(detail, ctx),
    ...(detail.renderHtml
      ? { title_html: markdownInline(mr.title), description_html: markdownHtml(mr.description) }
      : {}),
    subscribed: mr.subscribed ?? false,
    changes_count: orNull(mr.changesCount),
    latest_build_started_at: isoTime(pipeline?.startedAt),
    latest_build_finished_at: isoTime(pipeline?.finishedAt),
    first_deployed_to_production_at: null,
    pipeline: pipelineItem ? presentPipelineBasic(pipelineItem, ctx) : null,
    head_pipeline: pipelineItem ? presentPipeline(pipelineItem, ctx) : null,
    diff_refs: mr.diffRefs
      ? {
          base_sha: mr.diffRefs.baseSha,
          head_sha: mr.diffRefs.headSha,
          start_sha: mr.diffRefs.startSha,
        }
      : null,
    merge_error: orNull(mr.mergeError),
    ...(detail.includeRebaseInProgress ? { rebase_in_progress: mr.rebaseInProgress } : {}),
    // The spec's merge request table has it always (GitLab: include_diverged_commits_count).
    diverged_commits_count: mr.divergedCommitsCount,
    first_contribution: false,
    // MergeRequest#can_be_merged_by?, as the merge-requests service decided it.
    user: { can_merge: mr.callerCanMerge },
  }
}

/** `related` of a single merge request: its users and its head pipeline's user. */
export function mergeRequestDetailUserIds(detail: MergeRequestDetail): number[] {
  const pipelineUser = detail.headPipeline?.userId
  return [
    ...mergeRequestUserIds(detail.mergeRequest),
    ...(pipelineUser === undefined ? [] : [pipelineUser]),
  ]
}
