import { ForbiddenError, isUniqueViolation, UnauthenticatedError } from '@suite/runtime'
import { branchExists } from './branches.js'
import type { Caller } from './caller.js'
import type { MergeRequestsDeps } from './ports.js'
import { isDraftTitle } from './draft.js'
import type { BranchPair, MergeRequest } from './merge-request.js'
import { presentMergeRequests } from './merge-request-access.js'
import type { MergeRequestAttributes } from './merge-request-attributes.js'
import { recordMergeRequestEvent } from './merge-request-events.js'
import { resolveMetadata, writeMetadata } from './merge-request-metadata.js'
import {
  conflictingRequestError,
  missingBranchError,
  notForkError,
  rejectSameBranches,
  validateTexts,
} from './merge-request-rules.js'
import type { MergeRequestView } from './merge-request-view.js'
import { canCreateMergeRequest, requireProjectGrants } from './policy.js'
import { findProject, removeSourceBranchByDefault, squashByDefault } from './project-settings.js'
import { queueAfterCommit } from './queue-after-commit.js'

/** POST /projects/:id/merge_requests as the caller asks it. */
export interface CreateMergeRequestInput {
  caller: Caller | undefined
  projectId: number
  sourceBranch: string
  targetBranch: string
  title: string
  /** Another project is a fork, which this suite does not have. */
  targetProjectId: number | undefined
  attributes: MergeRequestAttributes | undefined
  /** '' for none; a retry with the same key answers the first call's request. */
  idempotencyKey: string
}

function branchPair(input: CreateMergeRequestInput): BranchPair {
  return {
    sourceProjectId: input.projectId,
    targetProjectId: input.projectId,
    sourceBranch: input.sourceBranch,
    targetBranch: input.targetBranch,
  }
}

/** The branch checks of MergeRequests::BuildService and the model's validate_branches. */
async function checkBranches(
  deps: MergeRequestsDeps,
  input: CreateMergeRequestInput,
): Promise<void> {
  if (input.targetProjectId !== undefined && input.targetProjectId !== input.projectId) {
    // Forks are not modelled: no project here is a fork of another.
    throw notForkError()
  }
  rejectSameBranches(input.sourceBranch, input.targetBranch)
  const [source, target] = await Promise.all([
    branchExists(deps, input.projectId, input.sourceBranch),
    branchExists(deps, input.projectId, input.targetBranch),
  ])
  if (!source) {
    throw missingBranchError('Source', input.sourceBranch)
  }
  if (!target) {
    throw missingBranchError('Target', input.targetBranch)
  }
  const open = await deps.stores.mergeRequests.findOpenWithBranches(branchPair(input))
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
  const caller = input.caller
  const userId = caller?.userId
  if (caller === undefined || userId === undefined) throw new UnauthenticatedError()
  requireProjectGrants(caller, input.projectId)
  if (!canCreateMergeRequest(caller, input.projectId)) throw new ForbiddenError()
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
  await checkBranches(deps, input)
  const [project, metadata] = await Promise.all([
    findProject(deps, input.projectId),
    attributes ? resolveMetadata(deps, input.projectId, attributes) : undefined,
  ])
  let created: MergeRequest
  try {
    created = await stores.transaction(async (tx) => {
      const inserted = await tx.mergeRequests.insert({
        targetProjectId: input.projectId,
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
      const open = await tx.mergeRequests.findOpenWithBranches(branchPair(input), inserted.id)
      if (open) throw conflictingRequestError(open.iid)
      if (metadata) await writeMetadata(tx, input.projectId, inserted.id, metadata)
      await recordMergeRequestEvent(tx, inserted, 'created', userId)
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
