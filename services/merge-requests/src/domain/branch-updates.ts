/**
 * A branch moved, appeared or was deleted (GitLab's MergeRequests::
 * RefreshService): opened requests from or into it get a new diff version and
 * go back to unchecked; requests whose source branch was deleted are closed.
 */
import type { BranchUpdate } from '@suite/runtime'
import type { MergeRequestsDeps } from './deps.js'
import { closeOpenedMergeRequest } from '../store/merge-request-state.store.js'
import {
  findMergeRequestById,
  findOpenedForBranch,
  updateMergeStatus,
} from '../store/merge-status.store.js'
import { enqueueDiffCollection } from '../workers/queues.js'
import type { MergeRequestRow } from './merge-request-access.js'
import { recordMergeRequestEvent } from './merge-request-events.js'
import { nextMergeStatus } from './merge-status-rules.js'

/** A ref value of all zeros: the branch does not exist on that side of the update. */
export function isNullSha(sha: string): boolean {
  return /^0+$/.test(sha)
}

/** Whether the update deleted the request's source branch. */
export function deletesSourceBranch(update: BranchUpdate, row: MergeRequestRow): boolean {
  return (
    isNullSha(update.after) &&
    row.source_project_id === update.projectId &&
    row.source_branch === update.branch
  )
}

/** Resets the merge status after a push, retrying when a running check wrote meanwhile. */
async function resetMergeStatus(
  deps: Pick<MergeRequestsDeps, 'db'>,
  row: MergeRequestRow,
): Promise<void> {
  let current: MergeRequestRow | undefined = row
  for (let attempt = 0; current && attempt < 5; attempt++) {
    const reset = nextMergeStatus(current.merge_status, 'reset')
    const update = { mergeStatus: reset, hasConflicts: false }
    if (await updateMergeStatus(deps.db, current.id, current.merge_status, update)) return
    current = await findMergeRequestById(deps.db, row.id)
  }
}

/** Closes a request whose source branch was deleted, with its 'closed' event. */
async function closeForDeletedSource(
  deps: Pick<MergeRequestsDeps, 'db'>,
  row: MergeRequestRow,
  userId: number | undefined,
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const closed = await closeOpenedMergeRequest(trx, row.id, userId ?? null)
    if (closed && userId) await recordMergeRequestEvent(trx, closed, 'closed', userId)
  })
}

/**
 * Applies one branch update; answers the ids of the requests queued for a
 * new diff version. Applying it twice queues the same (collapsing) jobs.
 */
export async function applyBranchUpdate(
  deps: MergeRequestsDeps,
  update: BranchUpdate,
): Promise<number[]> {
  const rows = await findOpenedForBranch(deps.db, update.projectId, update.branch)
  const refreshed: number[] = []
  for (const row of rows) {
    if (deletesSourceBranch(update, row)) {
      await closeForDeletedSource(deps, row, update.userId)
      continue
    }
    await resetMergeStatus(deps, row)
    refreshed.push(row.id)
  }
  for (const id of refreshed) await enqueueDiffCollection(deps, id)
  return refreshed
}
