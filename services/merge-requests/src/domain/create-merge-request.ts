import type { Caller, CreateMergeRequestRequest, MergeRequest } from '@suite/proto'
import { ForbiddenError, isUniqueViolation, UnauthenticatedError } from '@suite/runtime'
import type { MergeRequestsDeps } from './deps.js'
import {
  type BranchPair,
  findMergeRequestByIdempotencyKey,
  findOpenWithBranches,
  insertMergeRequest,
} from '../store/merge-requests.store.js'
import { branchExists } from './branches.js'
import { isDraftTitle } from './draft.js'
import { presentMergeRequests, type MergeRequestRow } from './merge-request-access.js'
import { recordMergeRequestEvent } from './merge-request-events.js'
import { resolveMetadata, writeMetadata } from './merge-request-metadata.js'
import {
  conflictingRequestError,
  missingBranchError,
  notForkError,
  rejectSameBranches,
  validateTexts,
} from './merge-request-rules.js'
import { canCreateMergeRequest, requireProjectGrants } from './policy.js'
import { queueAfterCommit } from './queue-after-commit.js'
import { findProject, removeSourceBranchByDefault, squashByDefault } from './project-settings.js'

function branchPair(request: CreateMergeRequestRequest): BranchPair {
  return {
    sourceProjectId: request.projectId,
    targetProjectId: request.projectId,
    sourceBranch: request.sourceBranch,
    targetBranch: request.targetBranch,
  }
}

/** The branch checks of MergeRequests::BuildService and the model's validate_branches. */
async function checkBranches(
  deps: MergeRequestsDeps,
  request: CreateMergeRequestRequest,
): Promise<void> {
  if (request.targetProjectId !== undefined && request.targetProjectId !== request.projectId) {
    // Forks are not modelled: no project here is a fork of another.
    throw notForkError()
  }
  rejectSameBranches(request.sourceBranch, request.targetBranch)
  const [source, target] = await Promise.all([
    branchExists(deps, request.projectId, request.sourceBranch),
    branchExists(deps, request.projectId, request.targetBranch),
  ])
  if (!source) {
    throw missingBranchError('Source', request.sourceBranch)
  }
  if (!target) {
    throw missingBranchError('Target', request.targetBranch)
  }
  const open = await findOpenWithBranches(deps.db, branchPair(request))
  if (open) throw conflictingRequestError(open.iid)
}

async function present(
  deps: MergeRequestsDeps,
  row: MergeRequestRow,
  caller: Caller,
): Promise<MergeRequest> {
  const [message] = await presentMergeRequests(deps, [row], { single: true, caller })
  if (!message) throw new Error('a created merge request could not be presented')
  return message
}

/**
 * POST /projects/:id/merge_requests: GitLab's permission, validations and
 * defaults; the row, its people and labels and the `created` event commit
 * together, then diff collection is queued. A retry with the same
 * idempotency key answers the request the first call created.
 */
export async function createMergeRequest(
  deps: MergeRequestsDeps,
  request: CreateMergeRequestRequest,
): Promise<MergeRequest> {
  const caller = request.caller
  const userId = caller?.userId
  if (caller === undefined || userId === undefined) throw new UnauthenticatedError()
  requireProjectGrants(caller, request.projectId)
  if (!canCreateMergeRequest(caller, request.projectId)) throw new ForbiddenError()
  const key = request.idempotencyKey || null
  if (key) {
    const earlier = await findMergeRequestByIdempotencyKey(deps.db, key)
    if (earlier) return present(deps, earlier, caller)
  }
  const attributes = request.attributes
  const title = request.title.trim()
  const description = attributes?.description ?? ''
  validateTexts({ title, description })
  await checkBranches(deps, request)
  const [project, metadata] = await Promise.all([
    findProject(deps, request.projectId),
    attributes ? resolveMetadata(deps, request.projectId, attributes) : undefined,
  ])
  let row: MergeRequestRow
  try {
    row = await deps.db.transaction().execute(async (tx) => {
      const inserted = await insertMergeRequest(tx, {
        target_project_id: request.projectId,
        source_project_id: request.projectId,
        title,
        description,
        author_id: userId,
        source_branch: request.sourceBranch,
        target_branch: request.targetBranch,
        milestone_id: metadata?.milestoneId ?? null,
        draft: isDraftTitle(title),
        merge_status: 'unchecked',
        squash: attributes?.squash ?? squashByDefault(project),
        force_remove_source_branch:
          attributes?.removeSourceBranch ?? removeSourceBranchByDefault(project),
        allow_collaboration: attributes?.allowCollaboration ?? false,
        discussion_locked: attributes?.discussionLocked ?? null,
        approvals_before_merge: attributes?.approvalsBeforeMerge ?? null,
        merge_after: attributes?.mergeAfter ?? null,
        idempotency_key: key,
      })
      // The iid lock is held: a concurrent create for the same branches is seen here.
      const open = await findOpenWithBranches(tx, branchPair(request), inserted.id)
      if (open) throw conflictingRequestError(open.iid)
      if (metadata) await writeMetadata(tx, request.projectId, inserted.id, metadata)
      await recordMergeRequestEvent(tx, inserted, 'created', userId)
      return inserted
    })
  } catch (error) {
    if (key && isUniqueViolation(error)) {
      const earlier = await findMergeRequestByIdempotencyKey(deps.db, key)
      if (earlier) return present(deps, earlier, caller)
    }
    throw error
  }
  await queueAfterCommit(deps, 'diffs', [row.id])
  return present(deps, row, caller)
}
