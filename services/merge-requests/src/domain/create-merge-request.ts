import { ForbiddenError, isUniqueViolation, UnauthenticatedError } from '@suite/runtime'
import { askOnOpen } from './automatic-pipelines.js'
import { branchExists } from './branches.js'
import type { Caller } from './caller.js'
import type { MergeRequestsDeps } from './ports.js'
import { isDraftTitle } from './draft.js'
import type { BranchPair, MergeRequest } from './merge-request.js'
import { presentMergeRequests } from './merge-request-access.js'
import type { MergeRequestAttributes } from './merge-request-attributes.js'
import { recordMergeRequestEvent } from './merge-request-events.js'
import { recordMilestoneChange, resolveMetadata, writeMetadata } from './merge-request-metadata.js'
import {
  conflictingRequestError,
  missingBranchError,
  notForkError,
  rejectSameBranches,
  validateTexts,
} from './merge-request-rules.js'
import type { MergeRequestView } from './merge-request-view.js'
import {
  canCreateMergeRequest,
  canCreateMergeRequestFrom,
  canCreateMergeRequestIn,
  requireProjectGrants,
} from './policy.js'
import { findProject, removeSourceBranchByDefault, squashByDefault } from './project-settings.js'
import { queueAfterCommit } from './queue-after-commit.js'

/** POST /projects/:id/merge_requests as the caller asks it. */
export interface CreateMergeRequestInput {
  caller: Caller | undefined
  projectId: number
  sourceBranch: string
  targetBranch: string
  title: string
  /** The project the request goes into: this one (undefined) or the upstream it was forked from. */
  targetProjectId: number | undefined
  attributes: MergeRequestAttributes | undefined
  /** '' for none; a retry with the same key answers the first call's request. */
  idempotencyKey: string
}

function branchPair(input: CreateMergeRequestInput, targetProjectId: number): BranchPair {
  return {
    sourceProjectId: input.projectId,
    targetProjectId,
    sourceBranch: input.sourceBranch,
    targetBranch: input.targetBranch,
  }
}

/**
 * Where the request goes and the caller as the target project sees them:
 * the project of the request itself, or (target_project_id) the upstream the
 * project was forked from, with create_merge_request_from in the fork and
 * create_merge_request_in in the target (403 otherwise), then the model's
 * validate_fork (422 for a target that is not the upstream).
 */
async function placeRequest(
  deps: MergeRequestsDeps,
  caller: Caller,
  input: CreateMergeRequestInput,
): Promise<{ targetProjectId: number; caller: Caller }> {
  requireProjectGrants(caller, input.projectId)
  const targetProjectId = input.targetProjectId ?? input.projectId
  if (targetProjectId === input.projectId) {
    if (!canCreateMergeRequest(caller, input.projectId)) throw new ForbiddenError()
    return { targetProjectId, caller }
  }
  if (!canCreateMergeRequestFrom(caller, input.projectId)) throw new ForbiddenError()
  const [source, targetGrants] = await Promise.all([
    findProject(deps, input.projectId),
    deps.ports.projects.findGrants(caller, targetProjectId),
  ])
  const inTarget: Caller = { ...caller, project: targetGrants }
  // GitLab's order: a target the caller may not open requests in (unknown,
  // unreadable, merge requests disabled) is 403, another project they may is 422.
  if (!canCreateMergeRequestIn(inTarget, targetProjectId)) throw new ForbiddenError()
  if (source?.forkedFromProjectId !== targetProjectId) throw notForkError()
  return { targetProjectId, caller: inTarget }
}

/** The branch checks of MergeRequests::BuildService and the model's validate_branches. */
async function checkBranches(
  deps: MergeRequestsDeps,
  input: CreateMergeRequestInput,
  targetProjectId: number,
): Promise<void> {
  rejectSameBranches(input.sourceBranch, input.targetBranch, targetProjectId !== input.projectId)
  const [source, target] = await Promise.all([
    branchExists(deps, input.projectId, input.sourceBranch),
    branchExists(deps, targetProjectId, input.targetBranch),
  ])
  if (!source) {
    throw missingBranchError('Source', input.sourceBranch)
  }
  if (!target) {
    throw missingBranchError('Target', input.targetBranch)
  }
  const open = await deps.stores.mergeRequests.findOpenWithBranches(
    branchPair(input, targetProjectId),
  )
  if (open) throw conflictingRequestError(open.iid)
}

async function present(
  deps: MergeRequestsDeps,
  mergeRequest: MergeRequest,
  caller: Caller,
): Promise<MergeRequestView> {
  const [view] = await presentMergeRequests(deps, [mergeRequest], { single: true, caller })
  if (!view) throw new Error('a created merge request could not be presented')
  return view
}

/**
 * POST /projects/:id/merge_requests: GitLab's permission, validations and
 * defaults; the request, its people and labels and the `created` event commit
 * together, then diff collection is queued. A retry with the same
 * idempotency key answers the request the first call created.
 */
export async function createMergeRequest(
  deps: MergeRequestsDeps,
  input: CreateMergeRequestInput,
): Promise<MergeRequestView> {
  const { stores } = deps
  const userId = input.caller?.userId
  if (input.caller === undefined || userId === undefined) throw new UnauthenticatedError()
  const { targetProjectId, caller } = await placeRequest(deps, input.caller, input)
  const key = input.idempotencyKey || null
  if (key) {
    const earlier = await stores.mergeRequests.findByIdempotencyKey(key)
    if (earlier) return present(deps, earlier, caller)
  }
  const attributes = input.attributes
  const title = input.title.trim()
  const description = attributes?.description ?? ''
  validateTexts({
    title,
    description,
    labels: attributes ? [...attributes.labels, ...attributes.addLabels] : [],
  })
  await checkBranches(deps, input, targetProjectId)
  const [project, metadata] = await Promise.all([
    findProject(deps, targetProjectId),
    attributes ? resolveMetadata(deps, targetProjectId, attributes) : undefined,
  ])
  let created: MergeRequest
  try {
    created = await stores.transaction(async (tx) => {
      const inserted = await tx.mergeRequests.insert({
        targetProjectId,
        sourceProjectId: input.projectId,
        title,
        description,
        authorId: userId,
        sourceBranch: input.sourceBranch,
        targetBranch: input.targetBranch,
        milestoneId: metadata?.milestoneId ?? null,
        draft: isDraftTitle(title),
        mergeStatus: 'unchecked',
        squash: attributes?.squash ?? squashByDefault(project),
        forceRemoveSourceBranch:
          attributes?.removeSourceBranch ?? removeSourceBranchByDefault(project),
        allowCollaboration: attributes?.allowCollaboration ?? false,
        discussionLocked: attributes?.discussionLocked ?? null,
        approvalsBeforeMerge: attributes?.approvalsBeforeMerge ?? null,
        mergeAfter: attributes?.mergeAfter ?? null,
        idempotencyKey: key,
      })
      // The iid lock is held: a concurrent create for the same branches is seen here.
      const open = await tx.mergeRequests.findOpenWithBranches(
        branchPair(input, targetProjectId),
        inserted.id,
      )
      if (open) throw conflictingRequestError(open.iid)
      if (metadata) await writeMetadata(tx, targetProjectId, inserted.id, metadata, userId)
      await recordMilestoneChange(tx, inserted, null, inserted.milestoneId, userId)
      await recordMergeRequestEvent(tx, inserted, 'created', userId)
      await askOnOpen(tx, inserted, userId)
      return inserted
    })
  } catch (error) {
    if (key && isUniqueViolation(error)) {
      const earlier = await stores.mergeRequests.findByIdempotencyKey(key)
      if (earlier) return present(deps, earlier, caller)
    }
    throw error
  }
  await queueAfterCommit(deps, 'diffs', [created.id])
  return present(deps, created, caller)
}
