import type { Worker } from 'bullmq'
import type { Redis } from 'ioredis'
import { sql, type QueryExecutorProvider, type RawBuilder } from 'kysely'
import { UserDeleted } from '@suite/proto'
import { createDurableProducer, publishToAll } from './durable-producer.js'
import type { OutboxRoute, QueueProducer } from './outbox-relay.js'
import type { OutboxCodec } from './outbox-store.js'
import { changeInBatches, PURGE_BATCH_SIZE } from './project-deletions.js'
import { startMessageWorker, type WorkerContext } from './queue-worker.js'

/**
 * The queues a deleted user is announced to, one per service that holds
 * users' contributions: each service's worker moves them to the Ghost user
 * (Users::MigrateRecordsToGhostUserService) or, with hard_delete, removes
 * them. The payload is `gitlab.identity.v1.UserDeleted` in its JSON form.
 */
export const USER_DELETED_QUEUES = {
  projects: 'projects.user-deleted',
  mergeRequests: 'merge-requests.user-deleted',
  ciTriggers: 'ci.user-deleted',
  alerting: 'alerting.user-deleted',
} as const

/** Identity's outbox of user deletions, written with the user's block. */
export const USER_DELETED_OUTBOX: OutboxCodec<UserDeleted> = {
  table: 'user_deleted_outbox',
  toJSON: (message) => UserDeleted.toJSON(message),
  fromJSON: (payload) => UserDeleted.fromJSON(payload),
  keyOf: (message) => `user-deleted:${message.userId}`,
}

/** One job per user and queue (no ':', BullMQ refuses it). */
export function userDeletedJobId(message: UserDeleted): string {
  return `user-deleted_${message.userId}`
}

const positiveId = (value: number) => Number.isSafeInteger(value) && value > 0

/** A job's payload as a UserDeleted, or undefined when it names no user or no Ghost user. */
export function decodeUserDeleted(data: unknown): UserDeleted | undefined {
  if (typeof data !== 'object' || data === null) return undefined
  const { userId, ghostUserId } = data as Record<string, unknown>
  const given = (value: unknown) => typeof value === 'number' || typeof value === 'string'
  if (!given(userId) || !given(ghostUserId)) return undefined
  const message = UserDeleted.fromJSON(data)
  if (!positiveId(message.userId) || !positiveId(message.ghostUserId)) return undefined
  return message.userId === message.ghostUserId ? undefined : message
}

/** Queues one deletion to every service's queue; done only when every queue took it. */
export function createUserDeletedPublisher(connection: Redis): QueueProducer<UserDeleted> {
  const producers = Object.values(USER_DELETED_QUEUES).map((queue) =>
    createDurableProducer(connection, {
      queue,
      jobName: 'user-deleted',
      toData: (message: UserDeleted) => UserDeleted.toJSON(message),
      jobId: userDeletedJobId,
    }),
  )
  return publishToAll(producers)
}

/** `user_deleted_outbox` (identity) -> every USER_DELETED_QUEUES queue. */
export const USER_DELETED_ROUTE: OutboxRoute<UserDeleted> = {
  outbox: USER_DELETED_OUTBOX,
  createPublisher: createUserDeletedPublisher,
}

/**
 * Updates the rows of `table` that match `where` with `set`, at most
 * `batchSize` per statement, until none matches (so `set` must make a row
 * stop matching); returns how many changed. Resumable as purgeInBatches.
 */
export function updateInBatches(
  db: QueryExecutorProvider,
  table: string,
  set: RawBuilder<unknown>,
  where: RawBuilder<unknown>,
  batchSize: number = PURGE_BATCH_SIZE,
): Promise<number> {
  return changeInBatches(
    db,
    table,
    (ref, batch) => sql`update ${ref} set ${set} where ${batch}`,
    where,
    batchSize,
  )
}

/**
 * A worker on one service's `*.user-deleted` queue that runs `migrate` for
 * each deleted user (the service's batched, idempotent move or removal of
 * the user's contributions). A malformed message fails for good.
 */
export function startUserPurgeWorker(
  context: WorkerContext,
  queue: string,
  migrate: (message: UserDeleted) => Promise<number>,
): Worker {
  return startMessageWorker(context, queue, {
    kind: 'user-deleted',
    decode: decodeUserDeleted,
    run: migrate,
    logged: (message, changed) => [{ userId: message.userId, changed }, 'deleted user migrated'],
  })
}
