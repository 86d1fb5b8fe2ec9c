/**
 * PUT .../merge: merges through the repository role by the project's merge
 * method and records the result (GitLab's MergeService), or sets auto-merge.
 *
 * OWNER: the workers/diffs work. rpc/merge-request.rpc.ts calls it.
 */
import type { Caller, MergeMergeRequestRequest } from '@suite/proto'
import { PreconditionError } from '@suite/runtime'
import { failedPreconditionReason } from '../clients/grpc-failures.js'
import type { MergeRequestsDeps } from './deps.js'
import { markMerged, setAutoMerge, setMergeError } from '../store/merge-request-state.store.js'
import { findMergeRequestById } from '../store/merge-status.store.js'
import {
  defaultMergeCommitMessage,
  mergeErrorMessage,
  mergeMethodOf,
  projectFullPath,
  removeSourceBranch,
  squashOnMerge,
} from './merge-commit.js'
import { loadMergeContext } from './merge-context.js'
import type { MergeRequestRow } from './merge-request-access.js'
import { recordMergeRequestEvent } from './merge-request-events.js'
import { decideMerge, type MergeContext } from './merge-rules.js'

const BRANCH_CANNOT_BE_MERGED = 'Branch cannot be merged'

/** The merging user's id (the caller was checked to be able to merge). */
function userIdOf(caller: Caller | undefined): number {
  if (!caller?.userId) throw new PreconditionError('405 Method Not Allowed', 'method_not_allowed')
  return caller.userId
}

/** Runs the merge in the repository; the target's merge and squash commits. */
async function mergeInRepository(
  deps: MergeRequestsDeps,
  context: MergeContext,
  request: MergeMergeRequestRequest,
  squash: boolean,
): Promise<{ mergeCommitSha: string | null; squashCommitSha: string | null }> {
  // The source branch goes only after the request is marked merged (see
  // removeMergedSourceBranch): its deletion must not read as a closed branch.
  const { row, project } = context
  try {
    const merged = await deps.ports.repository.write.mergeBranch({
      caller: request.caller,
      projectId: row.target_project_id,
      sourceBranch: row.source_branch,
      sourceSha: request.sha ?? context.diff?.headSha ?? '',
      targetBranch: row.target_branch,
      method: mergeMethodOf(project),
      squash,
      squashCommitMessage: request.squashCommitMessage ?? row.title,
      mergeCommitMessage:
        request.mergeCommitMessage ??
        defaultMergeCommitMessage(row, projectFullPath(project, row.target_project_id)),
      authorName: request.committerName,
      authorEmail: request.committerEmail,
      removeSourceBranch: false,
    })
    return {
      // A fast-forward makes no merge commit: the target's new head is what landed.
      mergeCommitSha: merged.mergeCommitSha ?? merged.targetSha,
      squashCommitSha: merged.squashCommitSha ?? null,
    }
  } catch (error) {
    const reason = failedPreconditionReason(error)
    if (reason === undefined) throw error
    // MergeService keeps the reason as merge_error; the endpoint answers 422.
    await setMergeError(deps.db, row.id, mergeErrorMessage(reason))
    throw new PreconditionError(BRANCH_CANNOT_BE_MERGED, 'unprocessable')
  }
}

/**
 * Deletes the merged request's source branch when asked or by project
 * setting, as MergeService's after-merge step; a failure (a default or
 * vanished branch) leaves the branch and is logged, the merge stands.
 */
async function removeMergedSourceBranch(
  deps: MergeRequestsDeps,
  context: MergeContext,
  request: MergeMergeRequestRequest,
): Promise<void> {
  const { row, project } = context
  if (!removeSourceBranch(request.shouldRemoveSourceBranch, row, project)) return
  if (row.source_project_id !== row.target_project_id) return
  if (project?.defaultBranch === row.source_branch) return
  try {
    await deps.ports.repository.write.deleteBranch({
      projectId: row.source_project_id,
      caller: request.caller,
      name: row.source_branch,
    })
  } catch (error) {
    deps.logger.warn(
      { err: error, mergeRequestId: row.id },
      'source branch not removed after merge',
    )
  }
}

/** Merges the request (already found and readable); returns the updated row. */
export async function mergeMergeRequest(
  deps: MergeRequestsDeps,
  row: MergeRequestRow,
  request: MergeMergeRequestRequest,
): Promise<MergeRequestRow> {
  const context = await loadMergeContext(deps, row)
  const decision = decideMerge(context, { autoMerge: request.autoMerge === true, sha: request.sha })
  const userId = userIdOf(request.caller)
  // The API sets the request's squash flag when the call asks for squash=true.
  const squashFlag = request.squash === true || context.row.squash
  if (decision === 'auto_merge') {
    const updated = await setAutoMerge(deps.db, row.id, userId, squashFlag)
    return updated ?? (await findMergeRequestById(deps.db, row.id)) ?? context.row
  }
  const squash = squashOnMerge(context.project, squashFlag)
  const shas = await mergeInRepository(deps, context, request, squash)
  const merged = await deps.db.transaction().execute(async (trx) => {
    const updated = await markMerged(trx, row.id, {
      mergeUserId: userId,
      mergeCommitSha: shas.mergeCommitSha,
      squashCommitSha: shas.squashCommitSha,
      squash: squashFlag,
      shouldRemoveSourceBranch: request.shouldRemoveSourceBranch,
    })
    if (updated) await recordMergeRequestEvent(trx, updated, 'merged', userId)
    return updated
  })
  if (merged) await removeMergedSourceBranch(deps, context, request)
  return merged ?? (await findMergeRequestById(deps.db, row.id)) ?? context.row
}
