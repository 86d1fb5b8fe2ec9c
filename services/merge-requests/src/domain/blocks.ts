/**
 * Merge request dependencies (EE's MergeRequestBlock): list both ways,
 * create with GitLab's checks in GitLab's order, delete.
 */
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  PreconditionError,
  RecordNotFoundError,
  isUniqueViolation,
} from '@suite/runtime'
import type { Caller } from './caller.js'
import { callerMayUpdate } from './collaboration-access.js'
import type { Block } from './collaboration-records.js'
import type { MergeRequestsDeps } from './ports.js'
import type { MergeRequest, MergeRequestKey } from './merge-request.js'
import { presentMergeRequests, requireMergeRequest } from './merge-request-access.js'
import { readableMergeRequestProjects } from './merge-request-readability.js'
import type { MergeRequestView } from './merge-request-view.js'

/** MergeRequestBlock::MAX_BLOCKS_COUNT and MAX_BLOCKED_BY_COUNT. */
export const MAX_BLOCKS = 10

/** A block as the API shows it: each side left out when the caller may not read it. */
export interface BlockView {
  id: number
  blockingMergeRequest: MergeRequestView | undefined
  blockedMergeRequest: MergeRequestView | undefined
  /** The blocked request's project. */
  projectId: number
}

/**
 * Block views: both merge requests presented as in lists, each left out
 * when the caller may not read it (as GitLab's entity does).
 */
async function presentBlocks(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  current: MergeRequest,
  blocks: readonly Block[],
): Promise<BlockView[]> {
  const ids = blocks.flatMap((b) => [b.blockingMergeRequestId, b.blockedMergeRequestId])
  const mergeRequests = await deps.stores.mergeRequests.findByIds([...new Set(ids)])
  const readable = await readableMergeRequestProjects(
    deps,
    caller,
    mergeRequests.map((mergeRequest) => mergeRequest.targetProjectId),
    current.targetProjectId,
  )
  const visible = mergeRequests.filter((mergeRequest) => readable.has(mergeRequest.targetProjectId))
  const views = await presentMergeRequests(deps, visible, { caller, single: false })
  const byId = new Map(views.map((view) => [view.id, view]))
  const projectOf = new Map(
    mergeRequests.map((mergeRequest) => [mergeRequest.id, mergeRequest.targetProjectId]),
  )
  return blocks.map((block) => ({
    id: block.id,
    blockingMergeRequest: byId.get(block.blockingMergeRequestId),
    blockedMergeRequest: byId.get(block.blockedMergeRequestId),
    projectId: projectOf.get(block.blockedMergeRequestId) ?? current.targetProjectId,
  }))
}

/** GET .../blocks: the blocks where this merge request is the blocked one. */
export async function listBlocks(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: MergeRequestKey,
): Promise<BlockView[]> {
  const mergeRequest = await requireMergeRequest(deps, caller, key)
  const blocks = await deps.stores.blocks.listAsBlockee(mergeRequest.id)
  return presentBlocks(deps, caller, mergeRequest, blocks)
}

/** GET .../blockees: the blocks where this merge request is the blocking one. */
export async function listBlockees(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: MergeRequestKey,
): Promise<BlockView[]> {
  const mergeRequest = await requireMergeRequest(deps, caller, key)
  const blocks = await deps.stores.blocks.listAsBlocker(mergeRequest.id)
  return presentBlocks(deps, caller, mergeRequest, blocks)
}

/** MergeRequestBlock's validations other than uniqueness, as full messages. */
async function blockErrors(
  deps: MergeRequestsDeps,
  blocking: MergeRequest,
  blocked: MergeRequest,
): Promise<string[]> {
  const errors: string[] = []
  if (blocking.id === blocked.id) errors.push('This block is self-referential')
  // GitLab counts the blocks the blocked request makes and those the blocking one receives.
  if ((await deps.stores.blocks.countBlocking(blocked.id)) >= MAX_BLOCKS) {
    errors.push(`Merge request blocks the maximum number of merge requests (${MAX_BLOCKS})`)
  }
  if ((await deps.stores.blocks.countBlockedBy(blocking.id)) >= MAX_BLOCKS) {
    errors.push(`Merge request is blocked by the maximum number of merge requests (${MAX_BLOCKS})`)
  }
  return errors
}

const BLOCK_EXISTS = '409 Conflict - Block already exists'

/**
 * POST .../blocks (MergeRequests::CreateBlockService): 403 without update
 * permission on this request, 404 for an unknown blocking id, 403 when the
 * blocking request is unreadable, 409 for a duplicate, 400 when the block
 * fails GitLab's validations.
 */
export async function createBlock(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: MergeRequestKey,
  blockingId: number,
): Promise<BlockView> {
  const blocked = await requireMergeRequest(deps, caller, key)
  if (!(await callerMayUpdate(deps, caller, blocked))) {
    throw new ForbiddenError('Lacking permissions to update the merge request')
  }
  const [blocking] = await deps.stores.mergeRequests.findByIds([blockingId])
  // GitLab's text is "Blocking merge request not found"; the spec wants the status first.
  if (!blocking) throw new NotFoundError('Blocking merge request')
  const readable = await readableMergeRequestProjects(
    deps,
    caller,
    [blocking.targetProjectId],
    blocked.targetProjectId,
  )
  if (!readable.has(blocking.targetProjectId)) {
    throw new ForbiddenError('Lacking permissions to the blocking merge request')
  }
  if (await deps.stores.blocks.exists(blocking.id, blocked.id)) {
    throw new ConflictError(BLOCK_EXISTS)
  }
  const errors = await blockErrors(deps, blocking, blocked)
  if (errors.length > 0) {
    throw new PreconditionError(`400 Bad request - ${errors.join(', ')}`, 'bad_request')
  }
  let stored: Block
  try {
    stored = await deps.stores.blocks.insert(blocking.id, blocked.id)
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(BLOCK_EXISTS)
    throw error
  }
  const [block] = await presentBlocks(deps, caller, blocked, [stored])
  if (!block) throw new Error('a stored block did not present')
  return block
}

/**
 * DELETE .../blocks/:block_id: 403 without update permission on this
 * request, 404 for a block that does not block it, 403 when the blocking
 * request is unreadable.
 */
export async function deleteBlock(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: MergeRequestKey,
  blockId: number,
): Promise<void> {
  const blocked = await requireMergeRequest(deps, caller, key)
  if (!(await callerMayUpdate(deps, caller, blocked))) throw new ForbiddenError()
  const block = await deps.stores.blocks.findOfBlockee(blocked.id, blockId)
  if (!block) throw new RecordNotFoundError()
  const [blocking] = await deps.stores.mergeRequests.findByIds([block.blockingMergeRequestId])
  const readable = blocking
    ? await readableMergeRequestProjects(
        deps,
        caller,
        [blocking.targetProjectId],
        blocked.targetProjectId,
      )
    : new Set<number>()
  if (!blocking || !readable.has(blocking.targetProjectId)) throw new ForbiddenError()
  await deps.stores.blocks.delete(block.id)
}
