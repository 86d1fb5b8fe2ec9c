/**
 * The merge status check (GitLab's MergeabilityCheckService): unchecked ->
 * checking -> can_be_merged / cannot_be_merged with has_conflicts, from a
 * `git merge-tree` of the source head into the target head.
 */
import { mergeRequestHeads } from '../clients/branch-heads.js'
import type { MergeRequestsDeps } from './deps.js'
import { findMergeRequestById, updateMergeStatus } from '../store/merge-status.store.js'
import { nextMergeStatus, planMergeStatusCheck } from './merge-status-rules.js'

/** skipped: not an opened request; unchanged: nothing moved since the last check; superseded: a push reset the status meanwhile. */
export type MergeStatusOutcome = 'skipped' | 'unchanged' | 'checked' | 'superseded'

/** Checks whether the request can be merged and stores the answer. */
export async function checkMergeStatus(
  deps: Pick<MergeRequestsDeps, 'db' | 'ports'>,
  mergeRequestId: number,
): Promise<MergeStatusOutcome> {
  const row = await findMergeRequestById(deps.db, mergeRequestId)
  if (!row || row.state !== 'opened') return 'skipped'
  const heads = await mergeRequestHeads(deps.ports, row)
  const plan = planMergeStatusCheck(row, heads)
  if (plan === 'unchanged') return 'unchanged'
  const shas = { sourceSha: heads.source ?? null, targetSha: heads.target ?? null }
  if (plan === 'broken') {
    const written = await updateMergeStatus(deps.db, row.id, row.merge_status, {
      mergeStatus: nextMergeStatus(row.merge_status, 'unmergeable'),
      hasConflicts: false,
      divergedCommitsCount: 0,
      ...shas,
    })
    return written ? 'checked' : 'superseded'
  }
  const checking = nextMergeStatus(row.merge_status, 'check')
  if (!(await updateMergeStatus(deps.db, row.id, row.merge_status, { mergeStatus: checking }))) {
    return 'superseded'
  }
  const result = await deps.ports.repository.read.checkMergeability({
    projectId: row.target_project_id,
    sourceSha: heads.source ?? '',
    targetSha: heads.target ?? '',
  })
  const written = await updateMergeStatus(deps.db, row.id, checking, {
    mergeStatus: nextMergeStatus(checking, result.conflicts ? 'unmergeable' : 'mergeable'),
    hasConflicts: result.conflicts,
    divergedCommitsCount: result.divergedCommitsCount,
    ...shas,
  })
  return written ? 'checked' : 'superseded'
}
