import type { Pipeline, PipelineSource, PipelineStatus } from './pipeline.js'

/** A pipeline to store; the store allocates its id and per-project iid. */
export interface NewPipeline {
  projectId: number
  sha: string
  ref: string
  status: PipelineStatus
  source: PipelineSource
  userId: number | null
  startedAt: Date | null
  finishedAt: Date | null
  committedAt: Date | null
  duration: number | null
  beforeSha: string
  tag: boolean
  mergeRequestId: number | null
  /** Null when the caller gave none; otherwise one pipeline per key. */
  idempotencyKey: string | null
}

/** Filters of a project's pipeline list; absent ones do not filter. */
export interface PipelineFilter {
  projectId: number
  mergeRequestId?: number
  ref?: string
  sha?: string
}

export interface Window {
  limit: number
  offset: number
}

/** How the domain reaches stored pipelines. */
export interface PipelineStore {
  /** Inserts, or answers the pipeline already stored under the same idempotency key. */
  create(pipeline: NewPipeline): Promise<{ pipeline: Pipeline; created: boolean }>
  findInProject(projectId: number, id: number): Promise<Pipeline | undefined>
  findByIds(ids: readonly number[]): Promise<Pipeline[]>
  /** Newest first, with the count of every match. */
  list(filter: PipelineFilter, window: Window): Promise<{ pipelines: Pipeline[]; total: number }>
}
