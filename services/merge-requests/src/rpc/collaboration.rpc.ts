import type { CollaborationServiceServer, MergeRequestKey } from '@suite/proto'
import { NotFoundError, type GrpcServer } from '@suite/runtime'
import { approve, getApprovals, unapprove } from '../domain/approvals.js'
import {
  createAwardEmoji,
  deleteAwardEmoji,
  getAwardEmoji,
  listAwardEmoji,
} from '../domain/award-emoji.js'
import { createBlock, deleteBlock, listBlockees, listBlocks } from '../domain/blocks.js'
import type { MergeRequestKey as Key } from '../domain/merge-request-access.js'
import { setSubscription } from '../domain/subscriptions.js'
import {
  addSpentTime,
  getTimeStats,
  resetSpentTime,
  resetTimeEstimate,
  setTimeEstimate,
} from '../domain/time-tracking.js'
import { createTodo } from '../domain/todos.js'
import type { MergeRequestsDeps } from '../domain/deps.js'

/** The merge request a request names; a request without one names none (404). */
function keyOf(key: MergeRequestKey | undefined): Key {
  if (!key) throw new NotFoundError('Merge Request')
  return { projectId: key.projectId, iid: key.iid }
}

/** gitlab.merge_requests.v1: blocks, subscriptions, to-dos, time tracking, approvals and award emoji. */
export function collaborationService(
  server: GrpcServer,
  deps: MergeRequestsDeps,
): CollaborationServiceServer {
  return {
    listBlocks: server.unary('ListBlocks', async (req) => ({
      blocks: await listBlocks(deps, req.caller, keyOf(req.mergeRequest)),
    })),
    listBlockees: server.unary('ListBlockees', async (req) => ({
      blocks: await listBlockees(deps, req.caller, keyOf(req.mergeRequest)),
    })),
    createBlock: server.unary('CreateBlock', async (req) => ({
      block: await createBlock(
        deps,
        req.caller,
        keyOf(req.mergeRequest),
        req.blockingMergeRequestId,
      ),
    })),
    deleteBlock: server.unary('DeleteBlock', async (req) => {
      await deleteBlock(deps, req.caller, keyOf(req.mergeRequest), req.blockId)
      return {}
    }),

    subscribe: server.unary('Subscribe', async (req) => ({
      mergeRequest: await setSubscription(deps, req.caller, keyOf(req.mergeRequest), true),
    })),
    unsubscribe: server.unary('Unsubscribe', async (req) => ({
      mergeRequest: await setSubscription(deps, req.caller, keyOf(req.mergeRequest), false),
    })),
    createTodo: server.unary('CreateTodo', async (req) => ({
      todo: await createTodo(deps, req.caller, keyOf(req.mergeRequest)),
    })),

    setTimeEstimate: server.unary('SetTimeEstimate', async (req) => ({
      timeStats: await setTimeEstimate(deps, req.caller, keyOf(req.mergeRequest), req.duration),
    })),
    resetTimeEstimate: server.unary('ResetTimeEstimate', async (req) => ({
      timeStats: await resetTimeEstimate(deps, req.caller, keyOf(req.mergeRequest)),
    })),
    addSpentTime: server.unary('AddSpentTime', async (req) => ({
      timeStats: await addSpentTime(
        deps,
        req.caller,
        keyOf(req.mergeRequest),
        req.duration,
        req.summary,
      ),
    })),
    resetSpentTime: server.unary('ResetSpentTime', async (req) => ({
      timeStats: await resetSpentTime(deps, req.caller, keyOf(req.mergeRequest)),
    })),
    getTimeStats: server.unary('GetTimeStats', async (req) => ({
      timeStats: await getTimeStats(deps, req.caller, keyOf(req.mergeRequest)),
    })),

    getApprovals: server.unary('GetApprovals', async (req) => ({
      approvals: await getApprovals(deps, req.caller, keyOf(req.mergeRequest)),
    })),
    approve: server.unary('Approve', async (req) => ({
      approvals: await approve(deps, req.caller, keyOf(req.mergeRequest), req.sha),
    })),
    unapprove: server.unary('Unapprove', async (req) => ({
      approvals: await unapprove(deps, req.caller, keyOf(req.mergeRequest)),
    })),

    listAwardEmoji: server.unary('ListAwardEmoji', async (req) => {
      const { awardEmoji, total } = await listAwardEmoji(
        deps,
        req.caller,
        keyOf(req.mergeRequest),
        req.page,
      )
      return { awardEmoji, pageInfo: { total } }
    }),
    getAwardEmoji: server.unary('GetAwardEmoji', async (req) => ({
      awardEmoji: await getAwardEmoji(deps, req.caller, keyOf(req.mergeRequest), req.awardId),
    })),
    createAwardEmoji: server.unary('CreateAwardEmoji', async (req) => ({
      awardEmoji: await createAwardEmoji(deps, req.caller, keyOf(req.mergeRequest), req.name),
    })),
    deleteAwardEmoji: server.unary('DeleteAwardEmoji', async (req) => {
      await deleteAwardEmoji(deps, req.caller, keyOf(req.mergeRequest), req.awardId)
      return {}
    }),
  }
}
