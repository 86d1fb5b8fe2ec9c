import type { Pipeline as PipelineMessage } from '@suite/proto'
import type { Pipeline } from '../domain/pipeline.js'

const orUndefined = <T>(value: T | null): T | undefined => value ?? undefined

/** A domain pipeline as gitlab.ci.v1.Pipeline; null fields travel as absent. */
export function toPipelineMessage(pipeline: Pipeline): PipelineMessage {
  return {
    id: pipeline.id,
    iid: pipeline.iid,
    projectId: pipeline.projectId,
    sha: pipeline.sha,
    ref: pipeline.ref,
    status: pipeline.status,
    source: pipeline.source,
    userId: orUndefined(pipeline.userId),
    createdAt: pipeline.createdAt,
    updatedAt: pipeline.updatedAt,
    startedAt: orUndefined(pipeline.startedAt),
    finishedAt: orUndefined(pipeline.finishedAt),
    committedAt: orUndefined(pipeline.committedAt),
    duration: orUndefined(pipeline.duration),
    queuedDuration: orUndefined(pipeline.queuedDuration),
    coverage: orUndefined(pipeline.coverage),
    beforeSha: pipeline.beforeSha,
    tag: pipeline.tag,
    yamlErrors: orUndefined(pipeline.yamlErrors),
    mergeRequestId: orUndefined(pipeline.mergeRequestId),
    name: pipeline.name ?? '',
  }
}
