/**
 * The merge status check (GitLab's MergeabilityCheckService): unchecked ->
 * checking -> can_be_merged / cannot_be_merged with has_conflicts, from a
 * `git merge-tree` of the source head into the target head.
 */
import { mergeRequestHeads } from './branches.js'
import type { MergeRequestsDeps } from './ports.js'
import { nextMergeStatus, planMergeStatusCheck } from './merge-status-rules.js'

/** skipped: not an opened request; unchanged: nothing moved since the last check; superseded: a push reset the status meanwhile. */
export type MergeStatusOutcome = 'skipped' | 'unchanged' | 'checked' | 'superseded'

/** Checks whether the request can be merged and stores the answer. */
export async function checkMergeStatus(
  deps: Pick<MergeRequestsDeps, 'stores' | 'ports'>,
  mergeRequestId: number,
): Promise<MergeStatusOutcome> {
  const { stores } = deps
  const mergeRequest = await stores.mergeRequests.findById(mergeRequestId)
  if (!mergeRequest || mergeRequest.state !== 'opened') return 'skipped'
  const heads = await mergeRequestHeads(deps, mergeRequest)
  const plan = planMergeStatusCheck(mergeRequest, heads)
  if (plan === 'unchanged') return 'unchanged'
  const shas = { sourceSha: heads.source ?? null, targetSha: heads.target ?? null }
  const current = mergeRequest.mergeStatus
  if (plan === 'broken') {
    const written = await stores.mergeStatus.update(mergeRequest.id, current, {
      mergeStatus: nextMergeStatus(current, 'unmergeable'),
      hasConflicts: false,
      divergedCommitsCount: 0,
      ...shas,
    })
    return written ? 'checked' : 'superseded'
  }
  const checking = nextMergeStatus(current, 'check')
  if (!(await stores.mergeStatus.update(mergeRequest.id, current, { mergeStatus: checking }))) {
    return 'superseded'
  }
  const result = await deps.ports.repository.checkMergeability(
    mergeRequest.targetProjectId,
    heads.source ?? '',
    heads.target ?? '',
  )
  const written = await stores.mergeStatus.update(mergeRequest.id, checking, {
    mergeStatus: nextMergeStatus(checking, result.conflicts ? 'unmergeable' : 'mergeable'),
    hasConflicts: result.conflicts,
    divergedCommitsCount: result.divergedCommitsCount,
    ...shas,
  })
  return written ? 'checked' : 'superseded'
}

/** Tries a synchronous check gets when another process keeps superseding it. */
const SYNCHRONOUS_ATTEMPTS = 3

/**
 * The check a merge waits for (GitLab's check_mergeability with retry_lease):
 * a check that lost its compare-and-set to another process (a worker that
 * moved unchecked to checking meanwhile) is run again on the fresh row, which
 * then runs its own check instead of leaving the request `checking`, which
 * the merge would refuse with 422.
 */
export async function checkMergeStatusNow(
  deps: Pick<MergeRequestsDeps, 'stores' | 'ports'>,
  mergeRequestId: number,
): Promise<MergeStatusOutcome> {
  let outcome: MergeStatusOutcome = 'superseded'
  for (let attempt = 0; attempt < SYNCHRONOUS_ATTEMPTS && outcome === 'superseded'; attempt++) {
    outcome = await checkMergeStatus(deps, mergeRequestId)
  }
  return outcome
}
