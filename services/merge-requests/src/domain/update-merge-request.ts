import type {
  Caller,
  MergeRequest,
  MergeRequestAttributes,
  UpdateMergeRequestRequest,
} from '@suite/proto'
import { ForbiddenError, UnauthenticatedError } from '@suite/runtime'
import type { MergeRequestsDeps } from './deps.js'
import {
  findOpenWithBranches,
  updateMergeRequestRow,
  type MergeRequestPatch,
} from '../store/merge-requests.store.js'
import { branchExists } from './branches.js'
import { subjectContext } from './collaboration-access.js'
import { isDraftTitle } from './draft.js'
import {
  presentMergeRequests,
  requireMergeRequest,
  type MergeRequestRow,
} from './merge-request-access.js'
import { recordMergeRequestEvent } from './merge-request-events.js'
import { resolveMetadata, writeMetadata, type ResolvedMetadata } from './merge-request-metadata.js'
import {
  conflictingRequestError,
  missingBranchError,
  rejectSameBranches,
  validateTexts,
} from './merge-request-rules.js'
import { canAdminMergeRequest, canUpdateMergeRequest } from './policy.js'
import { queueAfterCommit } from './queue-after-commit.js'
import { stateChange } from './state-event.js'

/** The plain attributes that differ from the row. */
function attributePatch(
  row: MergeRequestRow,
  attributes: MergeRequestAttributes,
  canAdmin: boolean,
): MergeRequestPatch {
  const patch: MergeRequestPatch = {}
  const title = attributes.title?.trim()
  if (title !== undefined && title !== row.title) {
    patch.title = title
    patch.draft = isDraftTitle(title)
  }
  if (attributes.description !== undefined && attributes.description !== row.description) {
    patch.description = attributes.description
  }
  if (attributes.targetBranch !== undefined && attributes.targetBranch !== row.target_branch) {
    patch.target_branch = attributes.targetBranch
    patch.merge_status = 'unchecked'
  }
  const set = <K extends keyof MergeRequestRow & keyof MergeRequestPatch>(
    key: K,
    value: MergeRequestRow[K] | undefined,
  ): void => {
    if (value !== undefined && value !== row[key]) Object.assign(patch, { [key]: value })
  }
  set('force_remove_source_branch', attributes.removeSourceBranch)
  set('squash', attributes.squash)
  set('allow_collaboration', attributes.allowCollaboration)
  set('approvals_before_merge', attributes.approvalsBeforeMerge)
  if (canAdmin) set('discussion_locked', attributes.discussionLocked)
  if (attributes.clearMergeAfter) set('merge_after', null)
  else if (
    attributes.mergeAfter &&
    attributes.mergeAfter.getTime() !== row.merge_after?.getTime()
  ) {
    patch.merge_after = attributes.mergeAfter
  }
  return patch
}

/** A new target branch must exist and must not clash with another open request. */
async function checkTargetBranch(
  deps: MergeRequestsDeps,
  row: MergeRequestRow,
  target: string,
): Promise<void> {
  rejectSameBranches(row.source_branch, target)
  if (!(await branchExists(deps, row.target_project_id, target))) {
    throw missingBranchError('Target', target)
  }
  if (row.state !== 'opened') return
  const pair = {
    sourceProjectId: row.source_project_id,
    targetProjectId: row.target_project_id,
    sourceBranch: row.source_branch,
    targetBranch: target,
  }
  const open = await findOpenWithBranches(deps.db, pair, row.id)
  if (open) throw conflictingRequestError(open.iid)
}

/** Metadata without admin_merge_request is dropped, as IssuableBaseService#filter_params does. */
async function metadataFor(
  deps: MergeRequestsDeps,
  row: MergeRequestRow,
  attributes: MergeRequestAttributes,
  canAdmin: boolean,
): Promise<ResolvedMetadata> {
  if (!canAdmin) return { addLabels: [], removeLabels: [] }
  return resolveMetadata(deps, row.target_project_id, attributes)
}

/**
 * PUT /projects/:id/merge_requests/:iid: the update ability, GitLab's
 * validations, state events with their activity events (closed, reopened;
 * updated for any other change); updated_at moves only when something changed. A new target branch or a reopen queues diff collection.
 */
export async function updateMergeRequest(
  deps: MergeRequestsDeps,
  request: UpdateMergeRequestRequest,
): Promise<MergeRequest> {
  const caller: Caller | undefined = request.caller
  const userId = caller?.userId
  if (caller === undefined || userId === undefined) throw new UnauthenticatedError()
  const row = await requireMergeRequest(deps, caller, {
    projectId: request.projectId,
    iid: request.iid,
  })
  const context = await subjectContext(deps, caller, row)
  if (!canUpdateMergeRequest(caller, row, context)) throw new ForbiddenError()
  const attributes = request.attributes
  let updated = row
  if (attributes) {
    validateTexts({ title: attributes.title, description: attributes.description })
    const canAdmin = canAdminMergeRequest(caller, row.target_project_id)
    const patch = attributePatch(row, attributes, canAdmin)
    if (patch.target_branch !== undefined) await checkTargetBranch(deps, row, patch.target_branch)
    const metadata = await metadataFor(deps, row, attributes, canAdmin)
    if (metadata.milestoneId !== undefined && metadata.milestoneId !== row.milestone_id) {
      patch.milestone_id = metadata.milestoneId
    }
    const now = new Date()
    const state = attributes.stateEvent
      ? await stateChange(deps, caller, row, context, attributes.stateEvent, now)
      : undefined
    Object.assign(patch, state?.patch)
    updated = await deps.db.transaction().execute(async (tx) => {
      const metadataChanged = await writeMetadata(tx, row.target_project_id, row.id, metadata)
      if (Object.keys(patch).length === 0 && !metadataChanged) return row
      const statusReset = patch.merge_status === undefined ? {} : { merge_status_changed_at: now }
      const next = await updateMergeRequestRow(tx, row.id, {
        ...patch,
        ...statusReset,
        updated_at: now,
      })
      // A state event records closed / reopened; any other change records updated.
      await recordMergeRequestEvent(tx, next, state?.event ?? 'updated', userId)
      return next
    })
    if (patch.target_branch !== undefined || state?.event === 'reopened') {
      await queueAfterCommit(deps, 'diffs', [row.id])
    }
  }
  const [message] = await presentMergeRequests(deps, [updated], { single: true, caller })
  if (!message) throw new Error('an updated merge request could not be presented')
  return message
}
