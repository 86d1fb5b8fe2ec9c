/**
 * Merge request dependencies (EE's MergeRequestBlock): list both ways,
 * create with GitLab's checks in GitLab's order, delete.
 */
import type { Block, Caller } from '@suite/proto'
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  PreconditionError,
  RecordNotFoundError,
  isUniqueViolation,
} from '@suite/runtime'
import type { MergeRequestsDeps } from './deps.js'
import {
  blockExists,
  countBlocks,
  deleteBlock as deleteBlockRow,
  findBlockOfBlockee,
  findMergeRequestsByIds,
  insertBlock,
  listBlocksAsBlockee,
  listBlocksAsBlocker,
  type BlockRow,
} from '../store/blocks.store.js'
import { callerMayUpdate } from './collaboration-access.js'
import {
  presentMergeRequests,
  requireMergeRequest,
  type MergeRequestKey,
  type MergeRequestRow,
} from './merge-request-access.js'
import { readableMergeRequestProjects } from './merge-request-readability.js'

/** MergeRequestBlock::MAX_BLOCKS_COUNT and MAX_BLOCKED_BY_COUNT. */
export const MAX_BLOCKS = 10

/**
 * Block messages for rows: both merge requests presented as in lists, each
 * left out when the caller may not read it (as GitLab's entity does).
 */
async function presentBlocks(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  current: MergeRequestRow,
  blocks: readonly BlockRow[],
): Promise<Block[]> {
  const ids = blocks.flatMap((b) => [b.blocking_merge_request_id, b.blocked_merge_request_id])
  const rows = await findMergeRequestsByIds(deps.db, [...new Set(ids)])
  const readable = await readableMergeRequestProjects(
    deps,
    caller,
    rows.map((row) => row.target_project_id),
    current.target_project_id,
  )
  const visible = rows.filter((row) => readable.has(row.target_project_id))
  const messages = await presentMergeRequests(deps, visible, { caller, single: false })
  const byId = new Map(messages.map((message) => [message.id, message]))
  const projectOf = new Map(rows.map((row) => [row.id, row.target_project_id]))
  return blocks.map((block) => ({
    id: block.id,
    blockingMergeRequest: byId.get(block.blocking_merge_request_id),
    blockedMergeRequest: byId.get(block.blocked_merge_request_id),
    projectId: projectOf.get(block.blocked_merge_request_id) ?? current.target_project_id,
  }))
}

/** GET .../blocks: the blocks where this merge request is the blocked one. */
export async function listBlocks(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: MergeRequestKey,
): Promise<Block[]> {
  const row = await requireMergeRequest(deps, caller, key)
  return presentBlocks(deps, caller, row, await listBlocksAsBlockee(deps.db, row.id))
}

/** GET .../blockees: the blocks where this merge request is the blocking one. */
export async function listBlockees(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: MergeRequestKey,
): Promise<Block[]> {
  const row = await requireMergeRequest(deps, caller, key)
  return presentBlocks(deps, caller, row, await listBlocksAsBlocker(deps.db, row.id))
}

/** MergeRequestBlock's validations other than uniqueness, as full messages. */
async function blockErrors(
  deps: MergeRequestsDeps,
  blocking: MergeRequestRow,
  blocked: MergeRequestRow,
): Promise<string[]> {
  const errors: string[] = []
  if (blocking.id === blocked.id) errors.push('This block is self-referential')
  // GitLab counts the blocks the blocked request makes and those the blocking one receives.
  if ((await countBlocks(deps.db, 'blocking_merge_request_id', blocked.id)) >= MAX_BLOCKS) {
    errors.push(`Merge request blocks the maximum number of merge requests (${MAX_BLOCKS})`)
  }
  if ((await countBlocks(deps.db, 'blocked_merge_request_id', blocking.id)) >= MAX_BLOCKS) {
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
): Promise<Block> {
  const blocked = await requireMergeRequest(deps, caller, key)
  if (!(await callerMayUpdate(deps, caller, blocked))) {
    throw new ForbiddenError('Lacking permissions to update the merge request')
  }
  const [blocking] = await findMergeRequestsByIds(deps.db, [blockingId])
  // GitLab's text is "Blocking merge request not found"; the spec wants the status first.
  if (!blocking) throw new NotFoundError('Blocking merge request')
  const readable = await readableMergeRequestProjects(
    deps,
    caller,
    [blocking.target_project_id],
    blocked.target_project_id,
  )
  if (!readable.has(blocking.target_project_id)) {
    throw new ForbiddenError('Lacking permissions to the blocking merge request')
  }
  if (await blockExists(deps.db, blocking.id, blocked.id)) throw new ConflictError(BLOCK_EXISTS)
  const errors = await blockErrors(deps, blocking, blocked)
  if (errors.length > 0) {
    throw new PreconditionError(`400 Bad request - ${errors.join(', ')}`, 'bad_request')
  }
  let row: BlockRow
  try {
    row = await insertBlock(deps.db, blocking.id, blocked.id)
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(BLOCK_EXISTS)
    throw error
  }
  const [block] = await presentBlocks(deps, caller, blocked, [row])
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
  const block = await findBlockOfBlockee(deps.db, blocked.id, blockId)
  if (!block) throw new RecordNotFoundError()
  const [blocking] = await findMergeRequestsByIds(deps.db, [block.blocking_merge_request_id])
  const readable = blocking
    ? await readableMergeRequestProjects(
        deps,
        caller,
        [blocking.target_project_id],
        blocked.target_project_id,
      )
    : new Set<number>()
  if (!blocking || !readable.has(blocking.target_project_id)) throw new ForbiddenError()
  await deleteBlockRow(deps.db, block.id)
}
