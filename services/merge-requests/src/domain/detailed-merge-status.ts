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
  return 'mergeable'
}
