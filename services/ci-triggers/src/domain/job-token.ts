/**
 * CI_JOB_TOKEN (Ci::AuthJobFinder and the job token scope): a job's token
 * acts as the job's user while the job runs, in the job's project and in the
 * projects whose inbound scope admits the job's project.
 */
import { InvalidError, UnauthenticatedError } from '@suite/runtime'
import type { Job } from './job.js'
import type { AccessPort } from './ports.js'
import { tokenDigest } from './runner.js'
import type { JobQueueStore, JobTokenScopeStore } from './runner-ports.js'

/** What finding a job token and checking its reach need. */
export interface JobTokenDeps {
  queue: Pick<JobQueueStore, 'findJobByTokenDigest'>
  scope: Pick<JobTokenScopeStore, 'inbound'>
  access: Pick<AccessPort, 'project'>
}

export interface JobTokenAuthentication {
  job: Job
  userId: number
  running: boolean
  /** The target is the job's project or its scope admits the job's project. */
  targetAllowed: boolean
}

/** Who a job token is; 401 for a token that is no job's (or a job without a user). */
export async function authenticateJobToken(
  deps: JobTokenDeps,
  token: string,
  targetProjectId: number | null,
): Promise<JobTokenAuthentication> {
  const job = token === '' ? undefined : await deps.queue.findJobByTokenDigest(tokenDigest(token))
  if (!job || job.userId === null) throw new UnauthenticatedError()
  const targetAllowed = await jobTokenReaches(deps, job, targetProjectId ?? job.projectId)
  return { job, userId: job.userId, running: job.status === 'running', targetAllowed }
}

/**
 * Ci::JobToken::Scope#accessible? (inbound): the job's own project; any
 * project while the target's "limit access" switch is off; otherwise one
 * its project allowlist names, or one in (or below) a group of its groups
 * allowlist.
 */
export async function jobTokenReaches(
  deps: Pick<JobTokenDeps, 'scope' | 'access'>,
  job: Pick<Job, 'projectId'>,
  targetProjectId: number,
): Promise<boolean> {
  if (targetProjectId === job.projectId) return true
  const scope = await deps.scope.inbound(targetProjectId)
  if (!scope.enabled || scope.projectIds.includes(job.projectId)) return true
  if (scope.groupIds.length === 0) return false
  const source = await deps.access.project(job.projectId)
  return source !== undefined && source.groupIds.some((id) => scope.groupIds.includes(id))
}

/** Ci::AuthJobFinder::NotRunningJobError, as the trigger API answers it. */
export function requireRunning(found: JobTokenAuthentication): void {
  if (!found.running) throw new InvalidError({}, '400 Job has to be running')
}
