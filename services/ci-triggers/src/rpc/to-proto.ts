import type { Job as JobMessage, Pipeline as PipelineMessage } from '@suite/proto'
import { secondsBetween, type Job } from '../domain/job.js'
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
    sourceJobId: pipeline.upstream?.jobId,
    sourcePipelineId: pipeline.upstream?.pipelineId,
    sourceProjectId: pipeline.upstream?.projectId,
  }
}

/** A domain job as gitlab.ci.v1.Job. */
export function toJobMessage(job: Job): JobMessage {
  return {
    id: job.id,
    projectId: job.projectId,
    pipelineId: job.pipelineId,
    name: job.name,
    stage: job.stage,
    stageIdx: job.stageIdx,
    status: job.status,
    ref: job.ref,
    tag: job.tag,
    sha: job.sha,
    when: job.when,
    allowFailure: job.allowFailure,
    userId: orUndefined(job.userId),
    createdAt: job.createdAt,
    queuedAt: orUndefined(job.queuedAt),
    startedAt: orUndefined(job.startedAt),
    finishedAt: orUndefined(job.finishedAt),
    erasedAt: orUndefined(job.erasedAt),
    duration: orUndefined(secondsBetween(job.startedAt, job.finishedAt)),
    queuedDuration: orUndefined(secondsBetween(job.queuedAt, job.startedAt)),
    coverage: orUndefined(job.coverage),
    failureReason: orUndefined(job.failureReason),
    tagList: job.tagList,
    retried: job.retried,
    runnerId: orUndefined(job.runnerId),
    archived: false,
    exitCode: orUndefined(job.exitCode),
  }
}
