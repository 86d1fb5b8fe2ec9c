/**
 * The runner side of jobs (lib/api/ci/runner.rb): a runner asks for a job
 * and is handed the oldest pending one it may run, reports its state, and
 * streams its log. A job's token authenticates its updates and is valid
 * while it runs.
 */
import { ForbiddenError, InvalidError, NotFoundError, RUNNER_FAILURE_REASONS } from '@suite/runtime'
import { COMPLETED_STATUSES, type Job, type JobStatus } from './job.js'
import { effectiveTimeout, jobPayload, type JobPayload } from './job-payload.js'
import type { AccessPort, JobChange, PipelineStore, RepositoryPort } from './ports.js'
import { changeLocked, pipelineStateFor } from './process-pipeline.js'
import { JOB_TOKEN_PREFIX, newToken, tokenDigest, type RunnerContact } from './runner.js'
import type { JobQueueStore, RunnerStore } from './runner-ports.js'
import { runnerByToken } from './runners.js'
import { environmentOf, jobSecretVariables } from './job-variables.js'
import { refProtected } from './predefined-variables.js'
import type { VariableStore } from './variable.js'

export interface JobQueueDeps {
  runners: RunnerStore
  queue: JobQueueStore
  pipelines: PipelineStore
  /** The project's name for the payload's job_info. */
  access: Pick<AccessPort, 'project'>
  /** The persistent pipeline ref the runner fetches. */
  repository: Pick<RepositoryPort, 'keepPipelineRef'>
  /** Told when the persistent ref could not be written (the job fetches its branch instead). */
  warn?: (message: string, error: unknown) => void
  externalUrl: string
  /** Seconds past a job's timeout before a silent runner's job is failed. */
  deadlineGraceSeconds: number
  /** The largest log a job may have, in bytes. */
  maxTraceBytes: number
  /** The instance's, groups' and project's CI/CD variables a job gets. */
  variables: Pick<VariableStore, 'forProject'>
  now: () => Date
  /** Told when jobs may have become pending (long polls wake). */
  queueChanged?: () => void
}

const FAILURE_REASONS: ReadonlySet<string> = new Set(RUNNER_FAILURE_REASONS)

/** What a refused update or log append tells the runner: 403 with the job's status. */
export interface JobRefusal {
  kind: 'refused'
  reason: string
  jobStatus: JobStatus
}

/** POST /jobs/request: a job for this runner, or none (with the queue's version). */
export async function requestJob(
  deps: JobQueueDeps,
  token: string,
  contact: RunnerContact,
): Promise<{ payload: JobPayload | undefined; queueVersion: string }> {
  const runner = await runnerByToken(deps, token)
  const now = deps.now()
  await deps.runners.contacted(runner.id, contact, now)
  const queueVersion = await deps.queue.queueVersion()
  // A paused runner is answered as one with nothing to do (no_content!), with a
  // version of its own so that, once unpaused, its next request is not held.
  if (runner.paused) return { payload: undefined, queueVersion: `paused-${queueVersion}` }
  const jobToken = newToken(JOB_TOKEN_PREFIX)
  const claimed = await deps.queue.claim(
    {
      runner,
      tokenDigest: tokenDigest(jobToken),
      systemId: contact.systemId ?? null,
      timeoutFor: (job) => effectiveTimeout(job, runner),
    },
    deps.deadlineGraceSeconds,
  )
  if (!claimed) return { payload: undefined, queueVersion }
  deps.queueChanged?.()
  // The pipeline runs now that one of its jobs does.
  const pipeline =
    (await deps.pipelines.withLocked(claimed.pipeline.projectId, claimed.pipeline.id, (locked) =>
      locked.updatePipeline(pipelineStateFor(locked.pipeline, locked.jobs, now)),
    )) ?? claimed.pipeline
  const { job } = claimed
  const protectedRef = refProtected(claimed.predefinedVariables)
  const [project, pipelineRef] = await Promise.all([
    deps.access.project(job.projectId),
    deps.repository.keepPipelineRef(job.projectId, job.pipelineId, job.sha).then(
      () => true,
      (error: unknown) => {
        deps.warn?.('persistent pipeline ref not written', error)
        return false
      },
    ),
  ])
  // Read as the job starts (Ci::BuildRunnerPresenter): the values in force now.
  const groupIds = project?.groupIds ?? []
  const stored = await deps.variables.forProject(job.projectId, groupIds, protectedRef)
  const secretVariables = jobSecretVariables(stored, {
    groupIds,
    environment: environmentOf(job.options),
  })
  return {
    payload: jobPayload({
      claimed: { ...claimed, pipeline },
      secretVariables,
      projectName: project?.name ?? null,
      pipelineRef,
      runner,
      token: jobToken,
      externalUrl: deps.externalUrl,
      now,
    }),
    queueVersion,
  }
}

/** The job `jobId` if `token` is its job token; 403 otherwise (authenticate_job!). */
async function jobWithToken(deps: JobQueueDeps, jobId: number, token: string): Promise<Job> {
  const job = token === '' ? undefined : await deps.queue.findJobByTokenDigest(tokenDigest(token))
  if (!job || job.id !== jobId) throw new ForbiddenError()
  return job
}

export interface JobUpdate {
  jobId: number
  token: string
  /** running, success or failed; empty: a keep-alive. */
  state: string
  failureReason: string | null
  exitCode: number | null
}

/** The change a final state makes to a running job. */
function finalChange(job: Job, update: JobUpdate, now: Date): JobChange {
  if (update.state === 'success') {
    return {
      id: job.id,
      status: 'success',
      queuedAt: null,
      finishedAt: now,
      exitCode: update.exitCode ?? 0,
    }
  }
  const reason =
    update.failureReason && FAILURE_REASONS.has(update.failureReason)
      ? update.failureReason
      : 'unknown_failure'
  const codes = (job.options['allow_failure_criteria'] as { exit_codes?: unknown } | undefined)
    ?.exit_codes
  const allowedExit =
    update.exitCode !== null && Array.isArray(codes) && codes.map(Number).includes(update.exitCode)
  return {
    id: job.id,
    status: 'failed',
    queuedAt: null,
    finishedAt: now,
    failureReason: reason,
    exitCode: update.exitCode,
    ...(allowedExit ? { allowFailure: true } : {}),
  }
}

/**
 * PUT /jobs/:id: a final state finishes the job and the pipeline moves on
 * (the next stage's jobs become pending); a job no longer running is refused
 * with its status, which tells the runner it was canceled.
 */
export async function updateJob(
  deps: JobQueueDeps,
  update: JobUpdate,
): Promise<{ kind: 'updated'; jobStatus: JobStatus } | JobRefusal> {
  const job = await jobWithToken(deps, update.jobId, update.token)
  if (!['', 'running', 'success', 'failed'].includes(update.state)) {
    throw new InvalidError({}, 'state does not have a valid value')
  }
  const refusal = (status: JobStatus): JobRefusal => ({
    kind: 'refused',
    reason: 'Job is not processing on runner',
    jobStatus: status,
  })
  if (job.status !== 'running') return refusal(job.status)
  const now = deps.now()
  const outcome = await deps.pipelines.withLocked(job.projectId, job.pipelineId, async (locked) => {
    const current = locked.jobs.find((candidate) => candidate.id === job.id)
    if (current?.status !== 'running') return refusal(current?.status ?? job.status)
    if (update.state === '' || update.state === 'running') {
      await locked.updateJobs([{ id: job.id, status: 'running', queuedAt: null, finishedAt: null }])
      return { kind: 'updated' as const, jobStatus: 'running' as JobStatus }
    }
    const change = finalChange(current, update, now)
    await changeLocked(locked, [change], now)
    return { kind: 'updated' as const, jobStatus: change.status }
  })
  if (!outcome) throw new NotFoundError('')
  if (outcome.kind === 'updated' && COMPLETED_STATUSES.has(outcome.jobStatus)) deps.queueChanged?.()
  return outcome
}

export interface TraceChunk {
  jobId: number
  token: string
  content: Buffer
  /** From Content-Range's start; null: at the end. */
  offset: number | null
}

/** PATCH /jobs/:id/trace: appended (202), a wrong start (416), or refused (403). */
export async function appendTrace(
  deps: JobQueueDeps,
  chunk: TraceChunk,
): Promise<
  | { kind: 'appended'; length: number; jobStatus: JobStatus }
  | { kind: 'range'; length: number; jobStatus: JobStatus }
  | JobRefusal
> {
  const job = await jobWithToken(deps, chunk.jobId, chunk.token)
  if (job.status !== 'running') {
    return { kind: 'refused', reason: 'Job is not running', jobStatus: job.status }
  }
  const result = await deps.queue.appendTrace({
    jobId: job.id,
    content: chunk.content,
    offset: chunk.offset,
    maxBytes: deps.maxTraceBytes,
  })
  if (result.kind === 'too_large') {
    return { kind: 'refused', reason: 'Job log size limit exceeded', jobStatus: job.status }
  }
  return { kind: result.kind, length: result.length, jobStatus: job.status }
}

/**
 * A running job past its deadline (its runner stopped reporting, or never
 * enforced the timeout) is failed, and the pipeline moves on. Idempotent: a
 * job that finished meanwhile is left alone.
 */
export async function failOverdueJob(
  deps: JobQueueDeps,
  jobId: number,
): Promise<'failed' | 'not_running' | 'not_due'> {
  const job = await deps.queue.findJob(jobId)
  if (!job || job.status !== 'running' || job.startedAt === null) return 'not_running'
  const now = deps.now()
  const deadline = job.startedAt.getTime() + ((job.timeout ?? 0) + deps.deadlineGraceSeconds) * 1000
  if (now.getTime() < deadline) return 'not_due'
  const failed = await deps.pipelines.withLocked(job.projectId, job.pipelineId, async (locked) => {
    const current = locked.jobs.find((candidate) => candidate.id === job.id)
    if (current?.status !== 'running') return 'not_running' as const
    const change: JobChange = {
      id: job.id,
      status: 'failed',
      queuedAt: null,
      finishedAt: now,
      failureReason: 'job_execution_timeout',
    }
    await changeLocked(locked, [change], now)
    return 'failed' as const
  })
  return failed ?? 'not_running'
}
