import type { JobStatus } from './job.js'
import type { PipelineStatus } from './pipeline.js'

/** What the composite status reads of one job. */
export interface StatusOf {
  status: JobStatus
  allowFailure: boolean
}

type Kind = JobStatus | 'ignored' | 'success_with_warnings'

/**
 * A failed or canceled job that may fail counts as a success with warnings;
 * a manual one that may fail does not hold anything up (GitLab's
 * Composite#ignored_status?).
 */
function kindOf({ status, allowFailure }: StatusOf): Kind {
  if (!allowFailure) return status
  if (status === 'failed' || status === 'canceled') return 'success_with_warnings'
  if (status === 'manual') return 'ignored'
  return status
}

/**
 * The status of a group of jobs, as Gitlab::Ci::Status::Composite computes
 * it: a stage's, the stages before a job's, a pipeline's. Undefined for no
 * jobs. `dag`: the needs of one job, which is skipped when one of them did not run.
 */
export function compositeStatus(
  jobs: readonly StatusOf[],
  dag = false,
): PipelineStatus | undefined {
  if (jobs.length === 0) return undefined
  const kinds = new Set(jobs.map(kindOf))
  const only = (...allowed: Kind[]): boolean => [...kinds].every((kind) => allowed.includes(kind))
  const any = (...wanted: Kind[]): boolean => wanted.some((kind) => kinds.has(kind))
  if (dag && any('skipped', 'ignored')) return 'skipped'
  if (only('skipped', 'ignored')) return 'skipped'
  if (only('success', 'skipped', 'success_with_warnings', 'ignored')) return 'success'
  if (only('created', 'skipped', 'ignored')) return 'created'
  if (only('preparing', 'skipped', 'ignored')) return 'preparing'
  if (only('canceled', 'success', 'skipped', 'ignored', 'success_with_warnings')) return 'canceled'
  if (only('pending', 'created', 'skipped', 'ignored')) return 'pending'
  if (any('running', 'pending')) return 'running'
  if (any('waiting_for_resource')) return 'waiting_for_resource'
  if (any('manual')) return 'manual'
  if (any('scheduled')) return 'scheduled'
  if (any('preparing')) return 'preparing'
  if (any('created')) return 'running'
  return 'failed'
}
