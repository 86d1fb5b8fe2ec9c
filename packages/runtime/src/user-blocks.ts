import type { Worker } from 'bullmq'
import type { Redis } from 'ioredis'
import { UserBlocked } from '@suite/proto'
import { createDurableProducer } from './durable-producer.js'
import type { OutboxRoute, QueueProducer } from './outbox-relay.js'
import type { OutboxCodec } from './outbox-store.js'
import { startMessageWorker, type WorkerContext } from './queue-worker.js'

/**
 * The queue a blocked user is announced to: the CI service, which owns
 * pipelines, drops the user's cancelable ones. The payload is
 * `gitlab.identity.v1.UserBlocked` in its JSON form.
 */
export const USER_BLOCKED_QUEUE = 'ci.user-blocked'

/** Identity's outbox of blocks, written in the transaction that blocks the user. */
export const USER_BLOCKED_OUTBOX: OutboxCodec<UserBlocked> = {
  table: 'user_blocked_outbox',
  toJSON: (message) => UserBlocked.toJSON(message),
  fromJSON: (payload) => UserBlocked.fromJSON(payload),
  keyOf: (message) => `user-blocked:${message.userId}:${message.blockedAtMs}`,
}

/** One job per block (no ':', BullMQ refuses it): a later block is a new job. */
export function userBlockedJobId(message: UserBlocked): string {
  return `user-blocked_${message.userId}_${message.blockedAtMs}`
}

const positiveId = (value: number) => Number.isSafeInteger(value) && value > 0

/** A job's payload as a UserBlocked, or undefined when it names no user. */
export function decodeUserBlocked(data: unknown): UserBlocked | undefined {
  if (typeof data !== 'object' || data === null) return undefined
  const { userId } = data as Record<string, unknown>
  if (typeof userId !== 'number' && typeof userId !== 'string') return undefined
  const message = UserBlocked.fromJSON(data)
  return positiveId(message.userId) ? message : undefined
}

/** Queues one block to USER_BLOCKED_QUEUE. */
export function createUserBlockedPublisher(connection: Redis): QueueProducer<UserBlocked> {
  return createDurableProducer(connection, {
    queue: USER_BLOCKED_QUEUE,
    jobName: 'user-blocked',
    toData: (message: UserBlocked) => UserBlocked.toJSON(message),
    jobId: userBlockedJobId,
  })
}

/** `user_blocked_outbox` (identity) -> USER_BLOCKED_QUEUE. */
export const USER_BLOCKED_ROUTE: OutboxRoute<UserBlocked> = {
  outbox: USER_BLOCKED_OUTBOX,
  createPublisher: createUserBlockedPublisher,
}

/**
 * A worker on USER_BLOCKED_QUEUE that runs `drop` for each blocked user (the
 * CI service's batched, idempotent drop of their pipelines). A malformed
 * message fails for good.
 */
export function startUserBlockedWorker(
  context: WorkerContext,
  drop: (message: UserBlocked) => Promise<number>,
): Worker {
  return startMessageWorker(context, USER_BLOCKED_QUEUE, {
    kind: 'user-blocked',
    decode: decodeUserBlocked,
    run: drop,
    logged: (message, dropped) => [
      { userId: message.userId, dropped },
      'blocked user pipelines dropped',
    ],
  })
}
