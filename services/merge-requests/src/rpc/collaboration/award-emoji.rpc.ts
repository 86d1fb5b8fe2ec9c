import {
  createAwardEmoji,
  deleteAwardEmoji,
  getAwardEmoji,
  listAwardEmoji,
} from '../../domain/award-emoji.js'
import { toAwardEmojiMessage } from '../collaboration-to-proto.js'
import type { CollaborationHandlers } from './handler.js'

/** Award emoji on a merge request. */
export const awardEmojiHandlers: CollaborationHandlers<
  'listAwardEmoji' | 'getAwardEmoji' | 'createAwardEmoji' | 'deleteAwardEmoji'
> = {
  listAwardEmoji: async (deps, caller, key, request) => {
    const { awardEmoji, total } = await listAwardEmoji(deps, caller, key, request.page)
    return { awardEmoji: awardEmoji.map(toAwardEmojiMessage), pageInfo: { total } }
  },
  getAwardEmoji: async (deps, caller, key, request) => ({
    awardEmoji: toAwardEmojiMessage(await getAwardEmoji(deps, caller, key, request.awardId)),
  }),
  createAwardEmoji: async (deps, caller, key, request) => ({
    awardEmoji: toAwardEmojiMessage(await createAwardEmoji(deps, caller, key, request.name)),
  }),
  deleteAwardEmoji: async (deps, caller, key, request) => {
    await deleteAwardEmoji(deps, caller, key, request.awardId)
    return {}
  },
}
