import type { CommitStatus } from '@suite/proto'
import { isoTime, type PresentContext } from './present-context.js'
import { presentUser } from './user.entity.js'

/** Ci::Build#coverage is a float column: a number or null. */
function coverageOf(coverage: string | undefined): number | null {
  const value = coverage === undefined || coverage === '' ? NaN : Number(coverage)
  return Number.isNaN(value) ? null : value
}

/** API::Entities::CommitStatus. */
export function presentCommitStatus(status: CommitStatus, ctx: PresentContext) {
  const job = status.job
  const author = job?.userId === undefined ? undefined : ctx.users.get(job.userId)
  return {
    id: job?.id ?? 0,
    sha: job?.sha ?? '',
    ref: job?.ref ?? '',
    status: job?.status ?? '',
    name: job?.name ?? '',
    target_url: status.targetUrl ?? null,
    description: status.description ?? null,
    created_at: isoTime(job?.createdAt),
    started_at: isoTime(job?.startedAt),
    finished_at: isoTime(job?.finishedAt),
    allow_failure: job?.allowFailure ?? false,
    coverage: coverageOf(job?.coverage),
    pipeline_id: job?.pipelineId ?? null,
    author: author ? presentUser(author, ctx) : null,
  }
}

/** The status's author, for `related`. */
export function commitStatusUserIds(status: CommitStatus): number[] {
  const userId = status.job?.userId
  return userId === undefined ? [] : [userId]
}
