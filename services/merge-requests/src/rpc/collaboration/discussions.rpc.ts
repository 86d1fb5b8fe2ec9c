import {
  createDiscussion,
  getDiscussion,
  listDiscussions,
  replyToDiscussion,
  resolveDiscussion,
  resolveNote,
} from '../../domain/discussions.js'
import {
  fromDiffPositionMessage,
  toDiscussionMessage,
  toNoteMessage,
} from '../collaboration-to-proto.js'
import type { CollaborationHandlers } from './handler.js'

/** Discussions (threads of notes) and resolving them. */
export const discussionHandlers: CollaborationHandlers<
  | 'listDiscussions'
  | 'getDiscussion'
  | 'createDiscussion'
  | 'replyToDiscussion'
  | 'resolveDiscussion'
  | 'resolveNote'
> = {
  listDiscussions: async (deps, caller, key, request) => {
    const { discussions, total } = await listDiscussions(deps, caller, key, request.page)
    return { discussions: discussions.map(toDiscussionMessage), pageInfo: { total } }
  },
  getDiscussion: async (deps, caller, key, request) => ({
    discussion: toDiscussionMessage(await getDiscussion(deps, caller, key, request.discussionId)),
  }),
  createDiscussion: async (deps, caller, key, request) => {
    const discussion = await createDiscussion(deps, caller, key, {
      body: request.body,
      createdAt: request.createdAt ?? null,
      position: request.position ? fromDiffPositionMessage(request.position) : null,
    })
    return { discussion: toDiscussionMessage(discussion) }
  },
  replyToDiscussion: async (deps, caller, key, request) => {
    const note = await replyToDiscussion(deps, caller, key, request.discussionId, {
      body: request.body,
      createdAt: request.createdAt ?? null,
    })
    return { note: toNoteMessage(note) }
  },
  resolveDiscussion: async (deps, caller, key, request) => {
    const { discussionId, resolved } = request
    const discussion = await resolveDiscussion(deps, caller, key, discussionId, resolved)
    return { discussion: toDiscussionMessage(discussion) }
  },
  resolveNote: async (deps, caller, key, request) => ({
    note: toNoteMessage(await resolveNote(deps, caller, key, request.noteId, request.resolved)),
  }),
}
