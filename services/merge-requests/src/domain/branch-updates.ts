/**
 * A branch moved, appeared or was deleted (GitLab's MergeRequests::
 * RefreshService): opened requests from or into it get a new diff version and
 * go back to unchecked; requests whose source branch was deleted are closed.
 */
import type { BranchUpdate as BranchUpdateMessage } from '@suite/runtime'
import type { MergeRequestsDeps } from './ports.js'
import type { MergeRequest } from './merge-request.js'
import { recordMergeRequestEvent } from './merge-request-events.js'
import { findHookTarget, recordMergeRequestHook } from './merge-request-hooks.js'
import { nextMergeStatus } from './merge-status-rules.js'
import { recordResourceStateEvent } from './resource-state-events.js'

/** A branch update as these rules read it (its push options are for pipelines). */
export type BranchUpdate = Omit<BranchUpdateMessage, 'pushOptions'>

/** A ref value of all zeros: the branch does not exist on that side of the update. */
export function isNullSha(sha: string): boolean {
  return /^0+$/.test(sha)
}

/** Whether the update deleted the request's source branch. */
export function deletesSourceBranch(update: BranchUpdate, mergeRequest: MergeRequest): boolean {
  return (
    isNullSha(update.after) &&
    mergeRequest.sourceProjectId === update.projectId &&
    mergeRequest.sourceBranch === update.branch
  )
}

/**
 * Asks for the merge request pipeline of a push to the request's source
 * branch (RefreshService's create_pipeline_for), as the pusher, else the
 * author; nothing for a push to its target branch.
 */
async function askOnPush(
  deps: Pick<MergeRequestsDeps, 'stores'>,
  mergeRequest: MergeRequest,
  update: BranchUpdate,
): Promise<void> {
  const source =
    mergeRequest.sourceProjectId === update.projectId && mergeRequest.sourceBranch === update.branch
  if (!source) return
  await deps.stores.pipelineAsks.add({
    mergeRequestId: mergeRequest.id,
    userId: update.userId ?? mergeRequest.authorId,
    sha: update.after,
  })
}

/** Resets the merge status after a push, retrying when a running check wrote meanwhile. */
async function resetMergeStatus(
  deps: Pick<MergeRequestsDeps, 'stores'>,
  mergeRequest: MergeRequest,
): Promise<void> {
  const { stores } = deps
  let current: MergeRequest | undefined = mergeRequest
  for (let attempt = 0; current && attempt < 5; attempt++) {
    const reset = nextMergeStatus(current.mergeStatus, 'reset')
    const update = { mergeStatus: reset, hasConflicts: false }
    if (await stores.mergeStatus.update(current.id, current.mergeStatus, update)) return
    current = await stores.mergeRequests.findById(mergeRequest.id)
  }
}

/** Closes a request whose source branch or project was deleted, with its 'closed' events. */
async function closeForDeletedSource(
  deps: Pick<MergeRequestsDeps, 'stores' | 'ports' | 'settings'>,
  mergeRequest: MergeRequest,
  userId: number | undefined,
): Promise<void> {
  const target = await findHookTarget(deps, mergeRequest.targetProjectId)
  await deps.stores.transaction(async (tx) => {
    const closed = await tx.mergeRequests.closeOpened(mergeRequest.id, userId ?? null)
    if (closed) await recordMergeRequestHook(tx, target, closed, 'close', userId)
    if (closed && userId) await recordMergeRequestEvent(tx, closed, 'closed', userId)
    else if (closed) await recordResourceStateEvent(tx, closed.id, 'closed', null)
  })
}

/**
 * Applies one branch update; answers the ids of the requests queued for a
 * new diff version. Applying it twice queues the same (collapsing) jobs.
 */
export async function applyBranchUpdate(
  deps: Pick<MergeRequestsDeps, 'stores' | 'ports' | 'settings'>,
  update: BranchUpdate,
): Promise<number[]> {
  const opened = await deps.stores.mergeStatus.findOpenedForBranch(update.projectId, update.branch)
  const refreshed: number[] = []
  for (const mergeRequest of opened) {
    if (deletesSourceBranch(update, mergeRequest)) {
      await closeForDeletedSource(deps, mergeRequest, update.userId)
      continue
    }
    await resetMergeStatus(deps, mergeRequest)
    await askOnPush(deps, mergeRequest, update)
    refreshed.push(mergeRequest.id)
  }
  for (const id of refreshed) await deps.ports.queues.enqueueDiffCollection(id)
  return refreshed
}

/** Requests of a deleted fork closed per pass. */
const FORK_CLOSE_BATCH = 100

/**
 * A deleted project's opened requests into other projects (its upstream) are
 * closed by the user who deleted it, as GitLab's Projects::UnlinkForkService
 * does before the fork goes; a request into the deleted project itself goes
 * with it. Run again after a crash, it closes what is left.
 */
export async function closeRequestsFromDeletedFork(
  deps: Pick<MergeRequestsDeps, 'stores' | 'ports' | 'settings'>,
  projectId: number,
  userId: number | undefined,
): Promise<number> {
  let closed = 0
  for (;;) {
    const opened = await deps.stores.mergeStatus.findOpenedFromFork(projectId, FORK_CLOSE_BATCH)
    for (const mergeRequest of opened) await closeForDeletedSource(deps, mergeRequest, userId)
    closed += opened.length
    if (opened.length < FORK_CLOSE_BATCH) return closed
  }
}
