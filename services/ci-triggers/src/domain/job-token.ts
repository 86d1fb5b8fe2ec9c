/**
 * CI_JOB_TOKEN (Ci::AuthJobFinder and the job token scope): a job's token
 * acts as the job's user while the job runs, in the job's project and in the
 * projects whose inbound allowlist names the job's project.
 */
import { InvalidError, RecordNotFoundError, UnauthenticatedError } from '@suite/runtime'
import type { Caller } from './caller.js'
import type { Job } from './job.js'
import { requireAbility } from './policy.js'
import { tokenDigest } from './runner.js'
import type { JobQueueStore } from './runner-ports.js'

export interface JobTokenAuthentication {
  job: Job
  userId: number
  running: boolean
  /** The target is the job's project or its allowlist names the job's project. */
  targetAllowed: boolean
}

/** Who a job token is; 401 for a token that is no job's (or a job without a user). */
export async function authenticateJobToken(
  queue: JobQueueStore,
  token: string,
  targetProjectId: number | null,
): Promise<JobTokenAuthentication> {
  const job = token === '' ? undefined : await queue.findJobByTokenDigest(tokenDigest(token))
  if (!job || job.userId === null) throw new UnauthenticatedError()
  const targetAllowed = await jobTokenReaches(queue, job, targetProjectId ?? job.projectId)
  return { job, userId: job.userId, running: job.status === 'running', targetAllowed }
}

/** The job's own project, or one whose inbound allowlist names the job's project. */
export async function jobTokenReaches(
  queue: Pick<JobQueueStore, 'allowlist'>,
  job: Pick<Job, 'projectId'>,
  targetProjectId: number,
): Promise<boolean> {
  return (
    targetProjectId === job.projectId ||
    (await queue.allowlist(targetProjectId)).includes(job.projectId)
  )
}

/** Ci::AuthJobFinder::NotRunningJobError, as the trigger API answers it. */
export function requireRunning(found: JobTokenAuthentication): void {
  if (!found.running) throw new InvalidError({}, '400 Job has to be running')
}

/** GET /projects/:id/job_token_scope/allowlist (admin_job_token_scope). */
export async function listAllowlist(
  queue: JobQueueStore,
  caller: Caller,
  projectId: number,
): Promise<number[]> {
  requireAbility(caller, projectId, 'adminJobTokenScope')
  return queue.allowlist(projectId)
}

/**
 * POST: `sourceProjectId`'s jobs may reach the project. The caller must be
 * able to read the source project too (checked by the caller of this, which
 * asks projects); adding the project itself or one already there is 400.
 */
export async function addToAllowlist(
  queue: JobQueueStore,
  caller: Caller,
  projectId: number,
  sourceProjectId: number,
  sourceReadable: boolean,
): Promise<void> {
  requireAbility(caller, projectId, 'adminJobTokenScope')
  if (!sourceReadable) throw new RecordNotFoundError()
  if (sourceProjectId === projectId) {
    throw new InvalidError({}, 'Source project cannot be the target project')
  }
  if (!(await queue.addToAllowlist(projectId, sourceProjectId))) {
    throw new InvalidError({}, 'Target project is already in the job token scope')
  }
}

/** DELETE: 404 when it is not there. */
export async function removeFromAllowlist(
  queue: JobQueueStore,
  caller: Caller,
  projectId: number,
  sourceProjectId: number,
): Promise<void> {
  requireAbility(caller, projectId, 'adminJobTokenScope')
  if (!(await queue.removeFromAllowlist(projectId, sourceProjectId)))
    throw new RecordNotFoundError()
}
