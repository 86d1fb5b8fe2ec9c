/**
 * GitLab's detailed_merge_status (DetailedMergeStatusService): the transient
 * merge_status values first, then the mergeability checks in GitLab's order,
 * the first failing one naming the status.
 */
export interface MergeabilityFacts {
  state: string
  draft: boolean
  /** unchecked, checking, can_be_merged, cannot_be_merged, cannot_be_merged_recheck, preparing */
  mergeStatus: string
  hasConflicts: boolean
  mergeAfter: Date | null
  /** The project's merge method: merge, rebase_merge, ff. */
  mergeMethod: string
  /** Commits of the target branch missing from the source branch. */
  divergedCommitsCount: number
  /** The latest diff version has no commits (head equals base). */
  hasNoCommits: boolean
  /** An open merge request blocks this one (merge_request_blocks). */
  blocked: boolean
  /**
   * only_allow_merge_if_all_discussions_are_resolved is on and a resolvable
   * note is unresolved (not mergeable_discussions_state?); absent: false.
   */
  discussionsUnresolved?: boolean
  approvalsRequired: number
  approvalsGiven: number
  now: Date
  /**
   * The CI check's failure when every other check passes (ciCheck):
   * ci_must_pass or ci_still_running; absent: CI allows the merge.
   */
  ciFailure?: string | undefined
}

/** Ci::HasStatus::ACTIVE_STATUSES: a pipeline that is still running. */
const ACTIVE_PIPELINE_STATUSES = new Set([
  'waiting_for_resource',
  'preparing',
  'waiting_for_callback',
  'pending',
  'running',
])

/**
 * CheckCiStatusService as DetailedMergeStatusService names its failure:
 * with only_allow_merge_if_pipeline_succeeds, the diff head pipeline must
 * have succeeded (or been skipped, where allow_merge_on_skipped_pipeline);
 * ci_still_running while it is active, ci_must_pass otherwise. Undefined
 * when CI allows the merge.
 */
export function ciCheck(
  flags: Readonly<Record<string, boolean>>,
  headPipelineStatus: string | undefined,
): string | undefined {
  if (!flags['only_allow_merge_if_pipeline_succeeds']) return undefined
  if (headPipelineStatus === 'success') return undefined
  if (headPipelineStatus === 'skipped' && flags['allow_merge_on_skipped_pipeline']) return undefined
  return ACTIVE_PIPELINE_STATUSES.has(headPipelineStatus ?? '')
    ? 'ci_still_running'
    : 'ci_must_pass'
}

type Check = (facts: MergeabilityFacts) => string | undefined

/** MergeRequest.all_mergeability_checks, with the EE checks this suite stores. */
const CHECKS: readonly Check[] = [
  (f) => (f.state === 'opened' ? undefined : 'not_open'),
  (f) => (f.mergeAfter && f.mergeAfter > f.now ? 'merge_time' : undefined),
  (f) => (f.draft ? 'draft_status' : undefined),
  (f) => (f.hasNoCommits ? 'commits_status' : undefined),
  (f) => (f.discussionsUnresolved ? 'discussions_not_resolved' : undefined),
  (f) => (f.approvalsGiven < f.approvalsRequired ? 'not_approved' : undefined),
  (f) => (f.blocked ? 'merge_request_blocked' : undefined),
  (f) => (f.hasConflicts || f.mergeStatus === 'cannot_be_merged' ? 'conflict' : undefined),
  (f) =>
    (f.mergeMethod === 'ff' || f.mergeMethod === 'rebase_merge') && f.divergedCommitsCount > 0
      ? 'need_rebase'
      : undefined,
]

/** The detailed_merge_status of a merge request. */
export function detailedMergeStatus(facts: MergeabilityFacts): string {
  // The workers never check a closed or merged request, so its merge_status
  // may stay unchecked for good: not_open answers first, where GitLab would
  // keep showing the last transient status.
  if (facts.state !== 'opened') return 'not_open'
  if (facts.mergeStatus === 'preparing') return 'preparing'
  if (facts.mergeStatus === 'checking' || facts.mergeStatus === 'cannot_be_merged_recheck') {
    return 'checking'
  }
  if (facts.mergeStatus === 'unchecked') return 'unchecked'
  for (const check of CHECKS) {
    const failed = check(facts)
    if (failed) return failed
  }
  // The CI check runs last: the other checks' failures come first.
  return facts.ciFailure ?? 'mergeable'
}
