import type { PipelineStatus } from './pipeline.js'

/** Where a new pipeline starts: its status and the timestamps that go with it. */
export interface InitialPipelineState {
  status: PipelineStatus
  startedAt: Date | null
  finishedAt: Date | null
  duration: number | null
}

/**
 * The state of a pipeline when it is created with `jobCount` jobs.
 *
 * GitLab derives a pipeline's status from its jobs: with jobs it starts
 * `created` and is processed to `pending`; with none, the composite status
 * is `skipped` (Ci::Pipeline#latest_builds_status falls back to 'skipped').
 * For a merge request pipeline whose configuration has no jobs for merge
 * requests GitLab refuses to save it ("No stages / jobs for this
 * pipeline."), but the API here answers with a pipeline, and this suite has
 * no job model or runner yet: every pipeline has zero jobs, so `skipped` is
 * the honest status. `created` would promise processing that never comes.
 *
 * The skip transition sets neither started_at nor finished_at (GitLab sets
 * finished_at and duration only on success, failed and canceled), so all
 * three stay null.
 */
export function initialPipelineState(jobCount: number): InitialPipelineState {
  return {
    status: jobCount > 0 ? 'created' : 'skipped',
    startedAt: null,
    finishedAt: null,
    duration: null,
  }
}
