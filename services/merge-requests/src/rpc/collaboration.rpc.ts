import type { CollaborationServiceServer } from '@suite/proto'
import type { GrpcServer } from '@suite/runtime'
import { approve, getApprovals, unapprove } from '../domain/approvals.js'
import {
  createAwardEmoji,
  deleteAwardEmoji,
  getAwardEmoji,
  listAwardEmoji,
} from '../domain/award-emoji.js'
import { createBlock, deleteBlock, listBlockees, listBlocks } from '../domain/blocks.js'
import type { MergeRequestsDeps } from '../domain/ports.js'
import { setSubscription } from '../domain/subscriptions.js'
import {
  addSpentTime,
  getTimeStats,
  resetSpentTime,
  resetTimeEstimate,
  setTimeEstimate,
} from '../domain/time-tracking.js'
import { createTodo } from '../domain/todos.js'
import { createNote, deleteNote, getNote, listNotes, updateNote } from '../domain/notes.js'
import {
  createDiscussion,
  getDiscussion,
  listDiscussions,
  replyToDiscussion,
  resolveDiscussion,
  resolveNote,
} from '../domain/discussions.js'
import { getResourceStateEvent, listResourceStateEvents } from '../domain/resource-state-events.js'
import {
  toApprovalsMessage,
  toAwardEmojiMessage,
  fromDiffPositionMessage,
  toBlockMessage,
  toDiscussionMessage,
  toNoteMessage,
  toResourceStateEventMessage,
  toTodoMessage,
} from './collaboration-to-proto.js'
import { toCaller, toMergeRequestKey } from './from-proto.js'
import { toMergeRequestMessage, toTimeStatsMessage } from './to-proto.js'

/** gitlab.merge_requests.v1: blocks, subscriptions, to-dos, time tracking, approvals and award emoji. */
export function collaborationService(
  server: GrpcServer,
  deps: MergeRequestsDeps,
): CollaborationServiceServer {
  return {
    listBlocks: server.unary('ListBlocks', async (req) => ({
      blocks: (
        await listBlocks(deps, toCaller(req.caller), toMergeRequestKey(req.mergeRequest))
      ).map(toBlockMessage),
    })),
    listBlockees: server.unary('ListBlockees', async (req) => ({
      blocks: (
        await listBlockees(deps, toCaller(req.caller), toMergeRequestKey(req.mergeRequest))
      ).map(toBlockMessage),
    })),
    createBlock: server.unary('CreateBlock', async (req) => {
      const block = await createBlock(
        deps,
        toCaller(req.caller),
        toMergeRequestKey(req.mergeRequest),
        req.blockingMergeRequestId,
      )
      return { block: toBlockMessage(block) }
    }),
    deleteBlock: server.unary('DeleteBlock', async (req) => {
      await deleteBlock(
        deps,
        toCaller(req.caller),
        toMergeRequestKey(req.mergeRequest),
        req.blockId,
      )
      return {}
    }),

    subscribe: server.unary('Subscribe', async (req) => {
      const key = toMergeRequestKey(req.mergeRequest)
      const mergeRequest = await setSubscription(deps, toCaller(req.caller), key, true)
      return { mergeRequest: toMergeRequestMessage(mergeRequest) }
    }),
    unsubscribe: server.unary('Unsubscribe', async (req) => {
      const key = toMergeRequestKey(req.mergeRequest)
      const mergeRequest = await setSubscription(deps, toCaller(req.caller), key, false)
      return { mergeRequest: toMergeRequestMessage(mergeRequest) }
    }),
    createTodo: server.unary('CreateTodo', async (req) => {
      const key = toMergeRequestKey(req.mergeRequest)
      return { todo: toTodoMessage(await createTodo(deps, toCaller(req.caller), key)) }
    }),

    setTimeEstimate: server.unary('SetTimeEstimate', async (req) => {
      const key = toMergeRequestKey(req.mergeRequest)
      const stats = await setTimeEstimate(deps, toCaller(req.caller), key, req.duration)
      return { timeStats: toTimeStatsMessage(stats) }
    }),
    resetTimeEstimate: server.unary('ResetTimeEstimate', async (req) => {
      const key = toMergeRequestKey(req.mergeRequest)
      const stats = await resetTimeEstimate(deps, toCaller(req.caller), key)
      return { timeStats: toTimeStatsMessage(stats) }
    }),
    addSpentTime: server.unary('AddSpentTime', async (req) => {
      const key = toMergeRequestKey(req.mergeRequest)
      const stats = await addSpentTime(deps, toCaller(req.caller), key, req.duration, req.summary)
      return { timeStats: toTimeStatsMessage(stats) }
    }),
    resetSpentTime: server.unary('ResetSpentTime', async (req) => {
      const key = toMergeRequestKey(req.mergeRequest)
      const stats = await resetSpentTime(deps, toCaller(req.caller), key)
      return { timeStats: toTimeStatsMessage(stats) }
    }),
    getTimeStats: server.unary('GetTimeStats', async (req) => {
      const key = toMergeRequestKey(req.mergeRequest)
      const stats = await getTimeStats(deps, toCaller(req.caller), key)
      return { timeStats: toTimeStatsMessage(stats) }
    }),

    getApprovals: server.unary('GetApprovals', async (req) => {
      const key = toMergeRequestKey(req.mergeRequest)
      return { approvals: toApprovalsMessage(await getApprovals(deps, toCaller(req.caller), key)) }
    }),
    approve: server.unary('Approve', async (req) => {
      const key = toMergeRequestKey(req.mergeRequest)
      const state = await approve(deps, toCaller(req.caller), key, req.sha)
      return { approvals: toApprovalsMessage(state) }
    }),
    unapprove: server.unary('Unapprove', async (req) => {
      const key = toMergeRequestKey(req.mergeRequest)
      const state = await unapprove(deps, toCaller(req.caller), key)
      return { approvals: toApprovalsMessage(state) }
    }),

    listAwardEmoji: server.unary('ListAwardEmoji', async (req) => {
      const { awardEmoji, total } = await listAwardEmoji(
        deps,
        toCaller(req.caller),
        toMergeRequestKey(req.mergeRequest),
        req.page,
      )
      return { awardEmoji: awardEmoji.map(toAwardEmojiMessage), pageInfo: { total } }
    }),
    getAwardEmoji: server.unary('GetAwardEmoji', async (req) => {
      const key = toMergeRequestKey(req.mergeRequest)
      const award = await getAwardEmoji(deps, toCaller(req.caller), key, req.awardId)
      return { awardEmoji: toAwardEmojiMessage(award) }
    }),
    createAwardEmoji: server.unary('CreateAwardEmoji', async (req) => {
      const key = toMergeRequestKey(req.mergeRequest)
      const award = await createAwardEmoji(deps, toCaller(req.caller), key, req.name)
      return { awardEmoji: toAwardEmojiMessage(award) }
    }),
    listNotes: server.unary('ListNotes', async (req) => {
      const order = {
        by: req.orderBy === 'updated_at' ? ('updated_at' as const) : ('created_at' as const),
        direction: req.sort === 'asc' ? ('asc' as const) : ('desc' as const),
      }
      const { notes, total } = await listNotes(
        deps,
        toCaller(req.caller),
        toMergeRequestKey(req.mergeRequest),
        req.page,
        order,
      )
      return { notes: notes.map(toNoteMessage), pageInfo: { total } }
    }),
    getNote: server.unary('GetNote', async (req) => {
      const key = toMergeRequestKey(req.mergeRequest)
      return { note: toNoteMessage(await getNote(deps, toCaller(req.caller), key, req.noteId)) }
    }),
    createNote: server.unary('CreateNote', async (req) => {
      const key = toMergeRequestKey(req.mergeRequest)
      const note = await createNote(deps, toCaller(req.caller), key, {
        body: req.body,
        internal: req.internal,
        createdAt: req.createdAt ?? null,
      })
      return { note: toNoteMessage(note) }
    }),
    updateNote: server.unary('UpdateNote', async (req) => {
      const key = toMergeRequestKey(req.mergeRequest)
      const note = await updateNote(deps, toCaller(req.caller), key, req.noteId, req.body)
      return { note: toNoteMessage(note) }
    }),
    deleteNote: server.unary('DeleteNote', async (req) => {
      await deleteNote(deps, toCaller(req.caller), toMergeRequestKey(req.mergeRequest), req.noteId)
      return {}
    }),
    listDiscussions: server.unary('ListDiscussions', async (req) => {
      const key = toMergeRequestKey(req.mergeRequest)
      const { discussions, total } = await listDiscussions(
        deps,
        toCaller(req.caller),
        key,
        req.page,
      )
      return { discussions: discussions.map(toDiscussionMessage), pageInfo: { total } }
    }),
    getDiscussion: server.unary('GetDiscussion', async (req) => {
      const key = toMergeRequestKey(req.mergeRequest)
      const discussion = await getDiscussion(deps, toCaller(req.caller), key, req.discussionId)
      return { discussion: toDiscussionMessage(discussion) }
    }),
    createDiscussion: server.unary('CreateDiscussion', async (req) => {
      const key = toMergeRequestKey(req.mergeRequest)
      const discussion = await createDiscussion(deps, toCaller(req.caller), key, {
        body: req.body,
        createdAt: req.createdAt ?? null,
        position: req.position ? fromDiffPositionMessage(req.position) : null,
      })
      return { discussion: toDiscussionMessage(discussion) }
    }),
    replyToDiscussion: server.unary('ReplyToDiscussion', async (req) => {
      const key = toMergeRequestKey(req.mergeRequest)
      const note = await replyToDiscussion(deps, toCaller(req.caller), key, req.discussionId, {
        body: req.body,
        createdAt: req.createdAt ?? null,
      })
      return { note: toNoteMessage(note) }
    }),
    resolveDiscussion: server.unary('ResolveDiscussion', async (req) => {
      const key = toMergeRequestKey(req.mergeRequest)
      const caller = toCaller(req.caller)
      const discussion = await resolveDiscussion(deps, caller, key, req.discussionId, req.resolved)
      return { discussion: toDiscussionMessage(discussion) }
    }),
    resolveNote: server.unary('ResolveNote', async (req) => {
      const key = toMergeRequestKey(req.mergeRequest)
      const note = await resolveNote(deps, toCaller(req.caller), key, req.noteId, req.resolved)
      return { note: toNoteMessage(note) }
    }),
    listResourceStateEvents: server.unary('ListResourceStateEvents', async (req) => {
      const key = toMergeRequestKey(req.mergeRequest)
      const { events, total } = await listResourceStateEvents(
        deps,
        toCaller(req.caller),
        key,
        req.page,
      )
      return { events: events.map(toResourceStateEventMessage), pageInfo: { total } }
    }),
    getResourceStateEvent: server.unary('GetResourceStateEvent', async (req) => {
      const key = toMergeRequestKey(req.mergeRequest)
      const event = await getResourceStateEvent(deps, toCaller(req.caller), key, req.eventId)
      return { event: toResourceStateEventMessage(event) }
    }),
    deleteAwardEmoji: server.unary('DeleteAwardEmoji', async (req) => {
      await deleteAwardEmoji(
        deps,
        toCaller(req.caller),
        toMergeRequestKey(req.mergeRequest),
        req.awardId,
      )
      return {}
    }),
  }
}
