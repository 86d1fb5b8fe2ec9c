/**
 * How a pipeline moves: GitLab's Ci::PipelineProcessing::AtomicProcessingService
 * decides, stage by stage (or need by need), which created jobs become
 * pending, manual, scheduled or skipped; the pipeline's status is then the
 * composite of its latest jobs, with its timestamps.
 */
import { compositeStatus } from './composite-status.js'
import {
  CANCELABLE_STATUSES,
  COMPLETED_STATUSES,
  secondsBetween,
  type Job,
  type JobStatus,
} from './job.js'
import type { Pipeline, PipelineStatus } from './pipeline.js'
import type { JobChange, LockedPipeline, PipelineState } from './ports.js'

/** The statuses before a job in which it runs (Ci::ProcessBuildService#valid_statuses_for_build). */
function runsAfter(job: Job, previous: PipelineStatus): boolean {
  switch (job.when) {
    case 'on_failure':
      return previous === 'failed'
    case 'always':
      return previous === 'success' || previous === 'failed' || previous === 'skipped'
    default:
      return job.needs === null
        ? previous === 'success' || previous === 'skipped'
        : previous === 'success'
  }
}

/** Where a job goes once the jobs before it are done and allow it. */
function startedStatus(job: Job): JobStatus {
  if (job.when === 'manual') return 'manual'
  if (job.when === 'delayed') return 'scheduled'
  return 'pending'
}

/**
 * The status changes processing makes to the created jobs among `jobs` (the
 * pipeline's latest jobs), in stage order; a job waits while the jobs it
 * follows are not complete.
 */
export function processJobs(jobs: readonly Job[], now: Date): JobChange[] {
  const current = new Map(jobs.map((job) => [job.id, job.status]))
  const byName = new Map(jobs.map((job) => [job.name, job]))
  const statusOf = (job: Job) => ({
    status: current.get(job.id) ?? job.status,
    allowFailure: job.allowFailure,
  })
  const ordered = [...jobs].sort((a, b) => a.stageIdx - b.stageIdx || a.id - b.id)
  const changes = new Map<number, JobChange>()
  // Needs may point at jobs later in the list; a second pass settles them.
  for (let pass = 0; pass < 2; pass++) {
    for (const job of ordered) {
      if (current.get(job.id) !== 'created') continue
      const before =
        job.needs === null
          ? ordered.filter((other) => other.stageIdx < job.stageIdx)
          : job.needs.flatMap((name) => byName.get(name) ?? [])
      const previous = compositeStatus(before.map(statusOf), job.needs !== null) ?? 'success'
      if (!COMPLETED_STATUSES.has(previous)) continue
      const status = runsAfter(job, previous) ? startedStatus(job) : 'skipped'
      current.set(job.id, status)
      changes.set(job.id, {
        id: job.id,
        status,
        queuedAt: status === 'pending' ? now : null,
        finishedAt: null,
      })
    }
  }
  return [...changes.values()]
}

/** `jobs` with `changes` applied. */
export function applyChanges(jobs: readonly Job[], changes: readonly JobChange[]): Job[] {
  const byId = new Map(changes.map((change) => [change.id, change]))
  return jobs.map((job) => {
    const change = byId.get(job.id)
    if (!change) return job
    return change.allowFailure === undefined
      ? { ...job, status: change.status }
      : { ...job, status: change.status, allowFailure: change.allowFailure }
  })
}

/**
 * The pipeline's status and timestamps from its latest jobs: started when
 * it first runs, finished (with its duration) when it completes, and no
 * longer finished when a retry makes it active again.
 */
export function pipelineStateFor(
  pipeline: Pipeline,
  jobs: readonly Job[],
  now: Date,
): PipelineState {
  const status = compositeStatus(jobs) ?? 'skipped'
  const started = pipeline.startedAt ?? (status === 'running' ? now : null)
  const completed = COMPLETED_STATUSES.has(status)
  const finished = completed
    ? pipeline.status === status && pipeline.finishedAt
      ? pipeline.finishedAt
      : now
    : null
  const duration = completed ? secondsBetween(started, finished) : null
  return {
    status,
    startedAt: started,
    finishedAt: finished,
    duration: duration === null ? null : Math.round(duration),
    queuedDuration:
      started === null ? null : Math.round(secondsBetween(pipeline.createdAt, started) ?? 0),
  }
}

/**
 * Stores `changes` to the locked pipeline's jobs (`jobs`, its latest jobs
 * unless a retry replaced some), processes the created jobs that follow, and
 * stores the pipeline's new state; answers it with the jobs as they now are.
 */
export async function changeLocked(
  locked: LockedPipeline,
  changes: readonly JobChange[],
  now: Date,
  jobs: readonly Job[] = locked.jobs,
): Promise<{ pipeline: Pipeline; jobs: Job[] }> {
  if (changes.length > 0) await locked.updateJobs(changes)
  const after = applyChanges(jobs, changes)
  const next = processJobs(after, now)
  if (next.length > 0) await locked.updateJobs(next)
  const latest = applyChanges(after, next)
  const pipeline = await locked.updatePipeline(pipelineStateFor(locked.pipeline, latest, now))
  return { pipeline, jobs: latest }
}

/** Processes the locked pipeline's created jobs and stores its new state. */
export async function processLocked(locked: LockedPipeline, now: Date): Promise<Pipeline> {
  return (await changeLocked(locked, [], now)).pipeline
}

/** Cancels every cancelable job (Ci::CancelPipelineService), then the pipeline follows. */
export async function cancelLocked(locked: LockedPipeline, now: Date): Promise<Pipeline> {
  const changes: JobChange[] = locked.jobs
    .filter((job) => CANCELABLE_STATUSES.has(job.status))
    .map((job) => ({ id: job.id, status: 'canceled', queuedAt: null, finishedAt: now }))
  return (await changeLocked(locked, changes, now)).pipeline
}

/** The locked pipeline as active again: no longer finished, so its state is derived anew. */
export function reopened(locked: LockedPipeline): LockedPipeline {
  return COMPLETED_STATUSES.has(locked.pipeline.status)
    ? { ...locked, pipeline: { ...locked.pipeline, finishedAt: null } }
    : locked
}

/**
 * Ci::RetryPipelineService: failed and canceled jobs are replaced by new
 * created ones, skipped jobs are created again, then the pipeline is processed.
 */
export async function retryLocked(locked: LockedPipeline, now: Date): Promise<Pipeline> {
  const retryable = locked.jobs.filter(
    (job) => job.status === 'failed' || job.status === 'canceled',
  )
  const reset: JobChange[] = locked.jobs
    .filter((job) => job.status === 'skipped')
    .map((job) => ({ id: job.id, status: 'created', queuedAt: null, finishedAt: null }))
  if (retryable.length === 0 && reset.length === 0) return locked.pipeline
  if (reset.length > 0) await locked.updateJobs(reset)
  const clones = await locked.retryJobs(retryable.map((job) => job.id))
  const retriedIds = new Set(retryable.map((job) => job.id))
  const latest = [
    ...applyChanges(
      locked.jobs.filter((job) => !retriedIds.has(job.id)),
      reset,
    ),
    ...clones,
  ]
  // Active again: the pipeline is no longer finished.
  const active = {
    ...locked,
    pipeline: { ...locked.pipeline, finishedAt: null, status: 'created' as const },
  }
  return (await changeLocked(active, [], now, latest)).pipeline
}
