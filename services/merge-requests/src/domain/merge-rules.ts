/**
 * The rules of PUT .../merge (lib/api/merge_requests.rb `merge`), in GitLab's
 * order: neither immediately nor automatically mergeable -> 405; not
 * mergeable (conflicts, a rebase needed, status not can_be_merged) -> 422
 * "Branch cannot be merged"; a `sha` other than the diff head -> 409.
 *
 * auto_merge (merge_when_pipeline_succeeds) follows GitLab's
 * MergeWhenChecksPassService: it is set when a pipeline of the diff head is
 * still running or the request is not mergeable yet; with a successful head
 * pipeline the request is merged at once; a request that is mergeable now
 * with no running pipeline gets GitLab's 405 (the strategy is not available).
 */
import { ConflictError, PreconditionError } from '@suite/runtime'
import { ciCheck, detailedMergeStatus, type MergeabilityFacts } from './detailed-merge-status.js'
import type { MergeRequest } from './merge-request.js'
import type { Project } from './project.js'
import { discussionsResolvedForMerge } from './project-settings.js'

/** Pipeline statuses GitLab counts as in progress for auto-merge. */
const PIPELINE_IN_PROGRESS = new Set([
  'created',
  'waiting_for_resource',
  'preparing',
  'pending',
  'running',
  'scheduled',
])

/** What the rules read besides the request itself. */
export interface MergeContext {
  mergeRequest: MergeRequest
  project: Project | undefined
  /** The latest diff version's shas, when there is one. */
  diff: { headSha: string; baseSha: string | null } | undefined
  sourceBranchExists: boolean
  /** An open request blocks this one. */
  blocked: boolean
  /** A resolvable note of the request is unresolved (absent: none). */
  unresolvedNotes?: boolean
  approvals: number
  /** Status of the head pipeline when it ran for the diff head. */
  headPipelineStatus: string | undefined
  now: Date
}

export interface MergeAsk {
  autoMerge: boolean
  sha: string | undefined
}

/** GitLab's mergeability facts of the request, as detailed_merge_status reads them. */
export function mergeabilityFacts(context: MergeContext): MergeabilityFacts {
  const { mergeRequest, project, diff } = context
  return {
    state: mergeRequest.state,
    draft: mergeRequest.draft,
    mergeStatus: mergeRequest.mergeStatus,
    hasConflicts: mergeRequest.hasConflicts,
    mergeAfter: mergeRequest.mergeAfter,
    mergeMethod: project?.mergeMethod || 'merge',
    divergedCommitsCount: mergeRequest.divergedCommitsCount,
    // CheckCommitsStatusService: no commits, or the source branch is gone.
    hasNoCommits: !diff || diff.headSha === diff.baseSha || !context.sourceBranchExists,
    blocked: context.blocked,
    discussionsUnresolved: !discussionsResolvedForMerge(project, context.unresolvedNotes ?? false),
    approvalsRequired: mergeRequest.approvalsBeforeMerge ?? project?.approvalsBeforeMerge ?? 0,
    approvalsGiven: context.approvals,
    now: context.now,
  }
}

/** CheckCiStatusService: only_allow_merge_if_pipeline_succeeds needs a successful head pipeline. */
function ciAllowsMerge(context: MergeContext): boolean {
  return ciCheck(context.project?.flags ?? {}, context.headPipelineStatus) === undefined
}

/** mergeable_state?: every check that is not about git (open, draft, commits, approvals, blocks, CI). */
export function mergeableState(context: MergeContext): boolean {
  const facts = mergeabilityFacts(context)
  const withoutGit = { ...facts, mergeStatus: 'can_be_merged', hasConflicts: false }
  const status = detailedMergeStatus({ ...withoutGit, divergedCommitsCount: 0 })
  return status === 'mergeable' && ciAllowsMerge(context)
}

/** mergeable?: the state checks and the git checks (no conflicts, no rebase needed). */
export function mergeable(context: MergeContext): boolean {
  return (
    mergeableState(context) &&
    context.mergeRequest.mergeStatus === 'can_be_merged' &&
    detailedMergeStatus(mergeabilityFacts(context)) === 'mergeable'
  )
}

/**
 * What the merge call does: `merge` now, or set `auto_merge`; throws GitLab's
 * refusal otherwise.
 */
export function decideMerge(context: MergeContext, ask: MergeAsk): 'merge' | 'auto_merge' {
  const mergeableNow = mergeable(context)
  const inProgress = PIPELINE_IN_PROGRESS.has(context.headPipelineStatus ?? '')
  const immediately = ask.autoMerge
    ? context.headPipelineStatus === 'success'
    : mergeableState(context)
  const automatically =
    ask.autoMerge && context.mergeRequest.state === 'opened' && (inProgress || !mergeableNow)
  if (!immediately && !automatically) {
    throw new PreconditionError('405 Method Not Allowed', 'method_not_allowed')
  }
  if (!automatically && !mergeableNow) {
    throw new PreconditionError('Branch cannot be merged', 'unprocessable')
  }
  const diffHeadSha = context.diff?.headSha ?? ''
  if (ask.sha !== undefined && ask.sha !== diffHeadSha) {
    throw new ConflictError(`SHA does not match HEAD of source branch: ${diffHeadSha}`)
  }
  if (!immediately) return 'auto_merge'
  // MergeService refuses a request that is not mergeable; the endpoint answers 422.
  if (!mergeableNow) throw new PreconditionError('Branch cannot be merged', 'unprocessable')
  return 'merge'
}
