/**
 * A user's actions on one job (lib/api/ci/jobs.rb): read its log, play a
 * manual job, cancel, retry. The job must be in the project (404 Not found);
 * reading needs read_build, the rest update_build.
 */
import { ForbiddenError, InvalidError, RecordNotFoundError } from '@suite/runtime'
import type { Caller } from './caller.js'
import { CANCELABLE_STATUSES, type Job } from './job.js'
import { requireAbility } from './policy.js'
import type { AccessPort, JobChange, LockedPipeline, PipelineStore } from './ports.js'
import { changeLocked, reopened } from './process-pipeline.js'
import type { JobQueueStore } from './runner-ports.js'
import { maskTrace } from './job-variables.js'
import type { VariableStore } from './variable.js'

export interface ChangeJobDeps {
  pipelines: PipelineStore
  queue: JobQueueStore
  /** The masked variables a log hides, and the project's groups they come from (absent: none). */
  variables?: Pick<VariableStore, 'forProject'>
  access?: Pick<AccessPort, 'project'>
  now: () => Date
  /** Told when jobs may have become pending (long polls wake). */
  queueChanged?: () => void
}

async function readableJob(
  deps: ChangeJobDeps,
  caller: Caller,
  projectId: number,
  jobId: number,
): Promise<Job> {
  requireAbility(caller, projectId, 'readBuild')
  const job = jobId > 0 ? await deps.pipelines.findJob(projectId, jobId) : undefined
  if (!job) throw new RecordNotFoundError()
  return job
}

/** GET .../jobs/:job_id/trace: the log so far (read_build), masked values hidden. */
export async function jobTrace(
  deps: ChangeJobDeps,
  caller: Caller,
  projectId: number,
  jobId: number,
): Promise<Buffer> {
  const job = await readableJob(deps, caller, projectId, jobId)
  const trace = await deps.queue.trace(job.id)
  if (!deps.variables || !deps.access || trace.length === 0) return trace
  return maskTrace(trace, await maskedValues(deps.variables, deps.access, projectId))
}

/**
 * The values of the masked variables the project's jobs may get (protected
 * ones too: a log of a protected ref's job may show them). GitLab's runner
 * hides them before it sends the log; a log from a runner that did not is
 * hidden here when it is read.
 */
async function maskedValues(
  variables: Pick<VariableStore, 'forProject'>,
  access: Pick<AccessPort, 'project'>,
  projectId: number,
): Promise<string[]> {
  const project = await access.project(projectId)
  const stored = await variables.forProject(projectId, project?.groupIds ?? [], true)
  return stored.filter(({ variable }) => variable.masked).map(({ variable }) => variable.value)
}

/** Runs `work` on the job's pipeline, locked, with the job as it is there. */
async function onLockedJob(
  deps: ChangeJobDeps,
  job: Job,
  work: (locked: LockedPipeline, current: Job, now: Date) => Promise<Job>,
): Promise<Job> {
  const now = deps.now()
  const changed = await deps.pipelines.withLocked(job.projectId, job.pipelineId, async (locked) => {
    const current = locked.jobs.find((candidate) => candidate.id === job.id)
    // A job replaced by a retry is not among the latest: it changes no more.
    if (!current) return job
    return work(locked, current, now)
  })
  return changed ?? job
}

/** Stores `changes` and what follows them on a pipeline that runs again. */
async function settle(locked: LockedPipeline, jobs: Job[], changes: JobChange[], now: Date) {
  return (await changeLocked(reopened(locked), changes, now, jobs)).jobs
}

/** POST .../play: a manual job becomes pending (400 Unplayable Job otherwise). */
export async function playJob(
  deps: ChangeJobDeps,
  caller: Caller,
  projectId: number,
  jobId: number,
): Promise<Job> {
  const job = await readableJob(deps, caller, projectId, jobId)
  requireAbility(caller, projectId, 'updateBuild')
  if (job.status !== 'manual') throw new InvalidError({}, '400 Bad request - Unplayable Job')
  const played = await onLockedJob(deps, job, async (locked, current, now) => {
    if (current.status !== 'manual') throw new InvalidError({}, '400 Bad request - Unplayable Job')
    const jobs = await settle(
      locked,
      locked.jobs,
      [{ id: current.id, status: 'pending', queuedAt: now, finishedAt: null }],
      now,
    )
    return {
      ...(jobs.find((candidate) => candidate.id === current.id) ?? current),
      userId: caller.userId,
    }
  })
  deps.queueChanged?.()
  return { ...played, queuedAt: played.queuedAt ?? deps.now() }
}

/** POST .../cancel: a cancelable job is canceled; any other is answered as it is. */
export async function cancelJob(
  deps: ChangeJobDeps,
  caller: Caller,
  projectId: number,
  jobId: number,
): Promise<Job> {
  const job = await readableJob(deps, caller, projectId, jobId)
  requireAbility(caller, projectId, 'updateBuild')
  if (!CANCELABLE_STATUSES.has(job.status)) return job
  return onLockedJob(deps, job, async (locked, current, now) => {
    if (!CANCELABLE_STATUSES.has(current.status)) return current
    await settle(
      locked,
      locked.jobs,
      [{ id: current.id, status: 'canceled', queuedAt: null, finishedAt: now }],
      now,
    )
    return { ...current, status: 'canceled', finishedAt: now }
  })
}

/** POST .../retry: a finished job runs again as a new job (403 Job is not retryable otherwise). */
export async function retryJob(
  deps: ChangeJobDeps,
  caller: Caller,
  projectId: number,
  jobId: number,
): Promise<Job> {
  const job = await readableJob(deps, caller, projectId, jobId)
  requireAbility(caller, projectId, 'updateBuild')
  const retryable = (candidate: Job) =>
    !candidate.retried && ['success', 'failed', 'canceled'].includes(candidate.status)
  if (!retryable(job)) throw new ForbiddenError('Job is not retryable')
  const retried = await onLockedJob(deps, job, async (locked, current, now) => {
    if (!retryable(current)) throw new ForbiddenError('Job is not retryable')
    const [clone] = await locked.retryJobs([current.id])
    if (!clone) return current
    const others = locked.jobs.filter((candidate) => candidate.id !== current.id)
    // The copy runs now: its stage's predecessors were done when the original ran.
    // The later jobs it skipped wait for it again (Ci::ResetSkippedJobsService).
    const reset: JobChange[] = others
      .filter((other) => other.stageIdx > clone.stageIdx && other.status === 'skipped')
      .map((other) => ({ id: other.id, status: 'created', queuedAt: null, finishedAt: null }))
    const jobs = await settle(
      locked,
      [...others, clone],
      [{ id: clone.id, status: 'pending', queuedAt: now, finishedAt: null }, ...reset],
      now,
    )
    return jobs.find((candidate) => candidate.id === clone.id) ?? clone
  })
  deps.queueChanged?.()
  return retried
}
