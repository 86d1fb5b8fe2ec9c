/**
 * GitLab's merge_status state machine (MergeRequest's state_machine
 * :merge_status), with its internal cannot_be_merged_rechecking shown as
 * `checking`, the way GitLab's API shows it (public_merge_status).
 */
import type { MergeRequest } from './merge-request.js'

/** The heads a merge request compares: its source and target branches, each possibly missing. */
export interface MergeRequestHeads {
  source: string | undefined
  target: string | undefined
}

export type MergeStatus =
  'unchecked' | 'checking' | 'can_be_merged' | 'cannot_be_merged' | 'cannot_be_merged_recheck'

/** reset: a branch moved; check: a check starts; mergeable / unmergeable: its result. */
export type MergeStatusEvent = 'reset' | 'check' | 'mergeable' | 'unmergeable'

/** The status after `event`; a stored value GitLab does not know counts as unchecked. */
export function nextMergeStatus(current: string, event: MergeStatusEvent): MergeStatus {
  switch (event) {
    case 'reset':
      return current === 'cannot_be_merged' || current === 'cannot_be_merged_recheck'
        ? 'cannot_be_merged_recheck'
        : 'unchecked'
    case 'check':
      return 'checking'
    case 'mergeable':
      return 'can_be_merged'
    case 'unmergeable':
      return 'cannot_be_merged'
  }
}

/** What a status check compares with the branches. */
export type CheckedState = Pick<
  MergeRequest,
  'mergeStatus' | 'mergeStatusSourceSha' | 'mergeStatusTargetSha'
>

/**
 * What a status check has to do: nothing when the status is settled for
 * exactly these heads; `broken` when a branch is missing (GitLab's broken?:
 * the request cannot be merged, without conflicts); else `check`.
 */
export function planMergeStatusCheck(
  row: CheckedState,
  heads: MergeRequestHeads,
): 'unchanged' | 'broken' | 'check' {
  const sameHeads =
    row.mergeStatusSourceSha === (heads.source ?? null) &&
    row.mergeStatusTargetSha === (heads.target ?? null)
  const settled = row.mergeStatus === 'can_be_merged' || row.mergeStatus === 'cannot_be_merged'
  if (settled && sameHeads) return 'unchanged'
  if (!heads.source || !heads.target) return 'broken'
  return 'check'
}

/** The merge status columns a check writes. */
export interface MergeStatusUpdate {
  mergeStatus: string
  hasConflicts?: boolean
  sourceSha?: string | null
  targetSha?: string | null
  divergedCommitsCount?: number
}

/** Opened requests whose work an enqueue lost: never tried for a version, or waiting for a check. */
export interface StuckMergeRequests {
  withoutDiff: number[]
  pendingStatus: number[]
}
