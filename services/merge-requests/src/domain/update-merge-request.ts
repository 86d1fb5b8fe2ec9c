import { ForbiddenError, UnauthenticatedError } from '@suite/runtime'
import { branchExists } from './branches.js'
import type { Caller } from './caller.js'
import { subjectContext } from './collaboration-access.js'
import type { MergeRequestsDeps } from './ports.js'
import { isDraftTitle } from './draft.js'
import type { MergeRequest, MergeRequestChanges } from './merge-request.js'
import { presentMergeRequests, requireMergeRequest } from './merge-request-access.js'
import type { MergeRequestAttributes } from './merge-request-attributes.js'
import { recordMergeRequestEvent } from './merge-request-events.js'
import {
  findHookTarget,
  mergeRequestBefore,
  recordMergeRequestHook,
} from './merge-request-hooks.js'
import {
  recordMilestoneChange,
  resolveMetadata,
  writeMetadata,
  type ResolvedMetadata,
} from './merge-request-metadata.js'
import {
  conflictingRequestError,
  missingBranchError,
  rejectSameBranches,
  validateTexts,
} from './merge-request-rules.js'
import type { MergeRequestView } from './merge-request-view.js'
import { canAdminMergeRequest, canUpdateMergeRequest } from './policy.js'
import { queueAfterCommit } from './queue-after-commit.js'
import { stateChange } from './state-event.js'
import { titleChangeNotes, writeSystemNotes } from './system-notes.js'

/** PUT /projects/:id/merge_requests/:iid as the caller asks it. */
export interface UpdateMergeRequestInput {
  caller: Caller | undefined
  projectId: number
  iid: number
  attributes: MergeRequestAttributes | undefined
}

/** The plain attributes that differ from the request. */
function attributeChanges(
  mergeRequest: MergeRequest,
  attributes: MergeRequestAttributes,
  canAdmin: boolean,
): MergeRequestChanges {
  const changes: MergeRequestChanges = {}
  const title = attributes.title?.trim()
  if (title !== undefined && title !== mergeRequest.title) {
    changes.title = title
    changes.draft = isDraftTitle(title)
  }
  if (attributes.description !== undefined && attributes.description !== mergeRequest.description) {
    changes.description = attributes.description
  }
  if (
    attributes.targetBranch !== undefined &&
    attributes.targetBranch !== mergeRequest.targetBranch
  ) {
    changes.targetBranch = attributes.targetBranch
    changes.mergeStatus = 'unchecked'
  }
  const set = <K extends keyof MergeRequest & keyof MergeRequestChanges>(
    key: K,
    value: MergeRequest[K] | undefined,
  ): void => {
    if (value !== undefined && value !== mergeRequest[key]) Object.assign(changes, { [key]: value })
  }
  set('forceRemoveSourceBranch', attributes.removeSourceBranch)
  set('squash', attributes.squash)
  set('allowCollaboration', attributes.allowCollaboration)
  set('approvalsBeforeMerge', attributes.approvalsBeforeMerge)
  if (canAdmin) set('discussionLocked', attributes.discussionLocked)
  if (attributes.clearMergeAfter) set('mergeAfter', null)
  else if (
    attributes.mergeAfter &&
    attributes.mergeAfter.getTime() !== mergeRequest.mergeAfter?.getTime()
  ) {
    changes.mergeAfter = attributes.mergeAfter
  }
  return changes
}

/** A new target branch must exist and must not clash with another open request. */
async function checkTargetBranch(
  deps: MergeRequestsDeps,
  mergeRequest: MergeRequest,
  target: string,
): Promise<void> {
  rejectSameBranches(
    mergeRequest.sourceBranch,
    target,
    mergeRequest.sourceProjectId !== mergeRequest.targetProjectId,
  )
  if (!(await branchExists(deps, mergeRequest.targetProjectId, target))) {
    throw missingBranchError('Target', target)
  }
  if (mergeRequest.state !== 'opened') return
  const pair = {
    sourceProjectId: mergeRequest.sourceProjectId,
    targetProjectId: mergeRequest.targetProjectId,
    sourceBranch: mergeRequest.sourceBranch,
    targetBranch: target,
  }
  const open = await deps.stores.mergeRequests.findOpenWithBranches(pair, mergeRequest.id)
  if (open) throw conflictingRequestError(open.iid)
}

/** Metadata without admin_merge_request is dropped, as IssuableBaseService#filter_params does. */
async function metadataFor(
  deps: MergeRequestsDeps,
  mergeRequest: MergeRequest,
  attributes: MergeRequestAttributes,
  canAdmin: boolean,
): Promise<ResolvedMetadata> {
  if (!canAdmin) return { addLabels: [], removeLabels: [] }
  return resolveMetadata(deps, mergeRequest.targetProjectId, attributes)
}

/**
 * PUT /projects/:id/merge_requests/:iid: the update ability, GitLab's
 * validations, state events with their activity events (closed, reopened;
 * updated for any other change); updated_at moves only when something changed. A new target branch or a reopen queues diff collection.
 */
export async function updateMergeRequest(
  deps: MergeRequestsDeps,
  input: UpdateMergeRequestInput,
): Promise<MergeRequestView> {
  const caller = input.caller
  const userId = caller?.userId
  if (caller === undefined || userId === undefined) throw new UnauthenticatedError()
  const mergeRequest = await requireMergeRequest(deps, caller, {
    projectId: input.projectId,
    iid: input.iid,
  })
  const context = await subjectContext(deps, caller, mergeRequest)
  if (!canUpdateMergeRequest(caller, mergeRequest, context)) throw new ForbiddenError()
  const attributes = input.attributes
  let updated = mergeRequest
  if (attributes) {
    validateTexts({
      title: attributes.title,
      description: attributes.description,
      labels: [...attributes.labels, ...attributes.addLabels],
    })
    const canAdmin = canAdminMergeRequest(caller, mergeRequest.targetProjectId)
    const changes = attributeChanges(mergeRequest, attributes, canAdmin)
    if (changes.targetBranch !== undefined) {
      await checkTargetBranch(deps, mergeRequest, changes.targetBranch)
    }
    const metadata = await metadataFor(deps, mergeRequest, attributes, canAdmin)
    if (metadata.milestoneId !== undefined && metadata.milestoneId !== mergeRequest.milestoneId) {
      changes.milestoneId = metadata.milestoneId
    }
    const now = new Date()
    const state = attributes.stateEvent
      ? await stateChange(deps, caller, mergeRequest, context, attributes.stateEvent, now)
      : undefined
    Object.assign(changes, state?.changes)
    const hookTarget = await findHookTarget(deps, mergeRequest.targetProjectId)
    updated = await deps.stores.transaction(async (tx) => {
      const before = await mergeRequestBefore(tx, mergeRequest)
      const metadataChanged = await writeMetadata(
        tx,
        mergeRequest.targetProjectId,
        mergeRequest.id,
        metadata,
        userId,
      )
      if (Object.keys(changes).length === 0 && !metadataChanged) return mergeRequest
      const statusReset = changes.mergeStatus === undefined ? {} : { mergeStatusChangedAt: now }
      const next = await tx.mergeRequests.update(mergeRequest.id, {
        ...changes,
        ...statusReset,
        updatedAt: now,
      })
      if (changes.milestoneId !== undefined) {
        await recordMilestoneChange(tx, next, mergeRequest.milestoneId, next.milestoneId, userId)
      }
      // A state event records closed / reopened; any other change records updated.
      await recordMergeRequestEvent(tx, next, state?.event ?? 'updated', userId)
      const hookAction =
        state?.event === 'closed' ? 'close' : state?.event === 'reopened' ? 'reopen' : 'update'
      await recordMergeRequestHook(tx, hookTarget, next, hookAction, userId, { before })
      if (changes.title !== undefined) {
        await writeSystemNotes(tx, next, userId, titleChangeNotes(mergeRequest.title, next.title))
      }
      return next
    })
    if (changes.targetBranch !== undefined || state?.event === 'reopened') {
      await queueAfterCommit(deps, 'diffs', [mergeRequest.id])
    }
  }
  const [view] = await presentMergeRequests(deps, [updated], { single: true, caller })
  if (!view) throw new Error('an updated merge request could not be presented')
  return view
}
