import type { Pipeline } from '../domain/pipeline.js'
import type { NewPipeline, PipelineFilter, PipelineStore, Window } from '../domain/ports.js'

/** A PipelineStore in memory for domain and rpc tests; ids and iids count from 1. */
export class InMemoryPipelineStore implements PipelineStore {
  readonly pipelines: Pipeline[] = []
  private readonly keys = new Map<string, Pipeline>()
  private readonly now: () => Date

  constructor(now: () => Date = () => new Date('2026-11-21T12:00:00.000Z')) {
    this.now = now
  }

  create(input: NewPipeline): Promise<{ pipeline: Pipeline; created: boolean }> {
    const earlier = input.idempotencyKey === null ? undefined : this.keys.get(input.idempotencyKey)
    if (earlier) return Promise.resolve({ pipeline: earlier, created: false })
    const at = this.now()
    const pipeline: Pipeline = {
      id: this.pipelines.length + 1,
      iid: this.pipelines.filter((p) => p.projectId === input.projectId).length + 1,
      projectId: input.projectId,
      sha: input.sha,
      ref: input.ref,
      status: input.status,
      source: input.source,
      userId: input.userId,
      createdAt: at,
      updatedAt: at,
      startedAt: input.startedAt,
      finishedAt: input.finishedAt,
      committedAt: input.committedAt,
      duration: input.duration,
      queuedDuration: null,
      coverage: null,
      beforeSha: input.beforeSha,
      tag: input.tag,
      yamlErrors: null,
      mergeRequestId: input.mergeRequestId,
      name: null,
    }
    this.pipelines.push(pipeline)
    if (input.idempotencyKey !== null) this.keys.set(input.idempotencyKey, pipeline)
    return Promise.resolve({ pipeline, created: true })
  }

  findInProject(projectId: number, id: number): Promise<Pipeline | undefined> {
    return Promise.resolve(this.pipelines.find((p) => p.projectId === projectId && p.id === id))
  }

  findByIds(ids: readonly number[]): Promise<Pipeline[]> {
    return Promise.resolve(this.pipelines.filter((p) => ids.includes(p.id)))
  }

  list(filter: PipelineFilter, window: Window): Promise<{ pipelines: Pipeline[]; total: number }> {
    const matches = this.pipelines
      .filter(
        (p) =>
          p.projectId === filter.projectId &&
          (filter.mergeRequestId === undefined || p.mergeRequestId === filter.mergeRequestId) &&
          (filter.ref === undefined || p.ref === filter.ref) &&
          (filter.sha === undefined || p.sha === filter.sha),
      )
      .sort((a, b) => b.id - a.id)
    return Promise.resolve({
      pipelines: matches.slice(window.offset, window.offset + window.limit),
      total: matches.length,
    })
  }
}
