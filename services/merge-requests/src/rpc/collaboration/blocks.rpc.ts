import { createBlock, deleteBlock, listBlockees, listBlocks } from '../../domain/blocks.js'
import { toBlockMessage } from '../collaboration-to-proto.js'
import type { CollaborationHandlers } from './handler.js'

/** Merge request dependencies (blocks). */
export const blockHandlers: CollaborationHandlers<
  'listBlocks' | 'listBlockees' | 'createBlock' | 'deleteBlock'
> = {
  listBlocks: async (deps, caller, key) => ({
    blocks: (await listBlocks(deps, caller, key)).map(toBlockMessage),
  }),
  listBlockees: async (deps, caller, key) => ({
    blocks: (await listBlockees(deps, caller, key)).map(toBlockMessage),
  }),
  createBlock: async (deps, caller, key, request) => ({
    block: toBlockMessage(await createBlock(deps, caller, key, request.blockingMergeRequestId)),
  }),
  deleteBlock: async (deps, caller, key, request) => {
    await deleteBlock(deps, caller, key, request.blockId)
    return {}
  },
}
