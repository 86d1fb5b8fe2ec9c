/**
 * Auto-merge carried out when a pipeline finishes (GitLab's
 * AutoMergeProcessWorker, queued on every transition of a pipeline into a
 * completed status): each opened request it heads with auto-merge set is
 * merged as its merge user when it succeeded (AutoMerge::
 * MergeWhenPipelineSucceedsService#process through MergeService), and has
 * auto-merge cancelled (AutoMerge::BaseService#cancel_auto_merge) when it
 * failed or was canceled, when the merge user may no longer merge, or when
 * the merge is refused. A skipped pipeline leaves it waiting, as GitLab's
 * process does for anything but success.
 *
 * Everything read is read again from the database, so a delivery that comes
 * twice finds the request merged or cancelled and does nothing; a failure of
 * another service is thrown, for the queue to try again later.
 */
import { DomainError } from '@suite/runtime'
import type { Caller } from './caller.js'
import { MergeRefusedError, mergeMergeRequest } from './merge.js'
import type { MergeRequest } from './merge-request.js'
import { callerCanMerge } from './merge-permission.js'
import { activeUserCaller } from './user-caller.js'
import type { ActiveUser, BranchPipeline, MergeRequestsDeps } from './ports.js'

/**
 * A finished pipeline as auto-merge reads it (ci-triggers' pipeline-finished
 * event): its commit and ref, how it ended, and whether it is a branch
 * pipeline (one that may head the branch's requests; absent reads as not).
 */
export interface PipelineFinishedEvent extends BranchPipeline {
  status: string
  branch?: boolean | undefined
}

/** What happened to one request. */
export type AutoMergeOutcome = 'merged' | 'cancelled' | 'waiting' | 'settled' | 'busy'

export interface AutoMergeResult {
  mergeRequestId: number
  outcome: AutoMergeOutcome
}

/** Another delivery is merging one of the requests; the queue tries the event again later. */
export class AutoMergeBusyError extends Error {
  constructor(readonly mergeRequestIds: readonly number[]) {
    super(`auto-merge of merge requests ${mergeRequestIds.join(', ')} is in progress elsewhere`)
  }
}

/** GitLab's MergeService messages, kept as merge_error when auto-merge gives up. */
export const AUTO_MERGE_ERRORS = {
  notAllowed: 'You are not allowed to merge this merge request',
  notMergeable: 'Merge request is not mergeable',
  updated: 'Branch has been updated since the merge was requested. Please review the changes.',
} as const

/** The merge user as a caller in the request's project, when they may still merge it. */
async function mergeUserCaller(
  deps: MergeRequestsDeps,
  mergeRequest: MergeRequest,
): Promise<{ caller: Caller; user: ActiveUser } | undefined> {
  if (mergeRequest.mergeUserId === null) return undefined
  const actor = await activeUserCaller(deps, mergeRequest.mergeUserId, mergeRequest.targetProjectId)
  return actor && (await callerCanMerge(deps, actor.caller, mergeRequest)) ? actor : undefined
}

/** The merge_error a refusal leaves; undefined when the merge recorded its own. */
function refusalMessage(error: DomainError): string | undefined {
  if (error instanceof MergeRefusedError) return undefined
  switch (error.kind) {
    case 'conflict':
      return AUTO_MERGE_ERRORS.updated
    case 'forbidden':
    case 'not_found':
    case 'unauthenticated':
      return AUTO_MERGE_ERRORS.notAllowed
    default:
      return AUTO_MERGE_ERRORS.notMergeable
  }
}

/** Whether the request still waits for this pipeline to merge it. */
function stillWaiting(
  mergeRequest: MergeRequest | undefined,
  event: PipelineFinishedEvent,
): boolean {
  return (
    mergeRequest?.state === 'opened' &&
    mergeRequest.mergeWhenPipelineSucceeds &&
    mergeRequest.headPipelineId === event.pipelineId
  )
}

/** Merges one request as its merge user, under its lock; cancels auto-merge when that fails for good. */
async function mergeWaiting(
  deps: MergeRequestsDeps,
  id: number,
  event: PipelineFinishedEvent,
): Promise<AutoMergeOutcome> {
  const { stores } = deps
  const cancel = (mergeError: string | undefined) =>
    stores.autoMerge.cancel(id, { pipelineId: event.pipelineId, mergeError })
  const locked = await stores.autoMerge.withLock(id, async (): Promise<AutoMergeOutcome> => {
    const mergeRequest = await stores.mergeRequests.findById(id)
    if (!mergeRequest || !stillWaiting(mergeRequest, event)) return 'settled'
    const actor = await mergeUserCaller(deps, mergeRequest)
    if (!actor) {
      await cancel(AUTO_MERGE_ERRORS.notAllowed)
      return 'cancelled'
    }
    try {
      const merged = await mergeMergeRequest(deps, mergeRequest, {
        caller: actor.caller,
        projectId: mergeRequest.targetProjectId,
        iid: mergeRequest.iid,
        // The commit the pipeline passed: a newer head is GitLab's "Branch has been updated".
        sha: event.sha,
        squash: mergeRequest.squash,
        shouldRemoveSourceBranch: mergeRequest.shouldRemoveSourceBranch ?? undefined,
        committerName: actor.user.name,
        committerEmail: actor.user.commitEmail,
      })
      return merged.state === 'merged' ? 'merged' : 'settled'
    } catch (error) {
      if (!(error instanceof DomainError) || error.kind === 'rate_limited') throw error
      deps.logger.info(
        { mergeRequestId: id, pipelineId: event.pipelineId, reason: error.message },
        'auto-merge refused; cancelled',
      )
      await cancel(refusalMessage(error))
      return 'cancelled'
    }
  })
  return locked ? locked.done : 'busy'
}

/**
 * Carries out or cancels the auto-merge of the requests the finished
 * pipeline heads; throws AutoMergeBusyError after the others when another
 * delivery holds one of them.
 */
export async function processFinishedPipeline(
  deps: MergeRequestsDeps,
  event: PipelineFinishedEvent,
): Promise<AutoMergeResult[]> {
  const { stores } = deps
  // The pipeline-created event travels on another queue and may come later:
  // applying it here too (it is idempotent) makes the order not matter.
  if (event.branch) await stores.mergeRequests.setBranchHeadPipeline(event)
  const results: AutoMergeResult[] = []
  for (const mergeRequest of await stores.autoMerge.findWaitingFor(event)) {
    let outcome: AutoMergeOutcome
    if (event.status === 'success') {
      outcome = await mergeWaiting(deps, mergeRequest.id, event)
    } else if (event.status === 'failed' || event.status === 'canceled') {
      const cancelled = await stores.autoMerge.cancel(mergeRequest.id, {
        pipelineId: event.pipelineId,
      })
      outcome = cancelled ? 'cancelled' : 'settled'
    } else {
      outcome = 'waiting'
    }
    results.push({ mergeRequestId: mergeRequest.id, outcome })
  }
  const busy = results.filter((result) => result.outcome === 'busy')
  if (busy.length > 0) throw new AutoMergeBusyError(busy.map((result) => result.mergeRequestId))
  return results
}
