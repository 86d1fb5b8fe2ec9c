import type { Redis } from 'ioredis'
import { GroupDeleted } from '@suite/proto'
import { createDurableProducer, publishToAll } from './durable-producer.js'
import type { OutboxRoute, QueueProducer } from './outbox-relay.js'
import type { OutboxCodec } from './outbox-store.js'

/**
 * The queue identity announces a deleted group to: the projects service's
 * worker deletes the projects of the group and its subgroups (each through
 * the project deletion path) and then has identity purge the namespaces. The
 * payload is `gitlab.identity.v1.GroupDeleted` in its JSON form.
 */
export const GROUP_DELETED_QUEUE = 'projects.group-deleted'

/**
 * The queue ci-triggers' worker drains to remove what it holds for the
 * deleted groups themselves (their CI/CD variables); their projects' rows go
 * through the project deletion path. Same payload.
 */
export const CI_GROUP_DELETED_QUEUE = 'ci.group-deleted'

/** Identity's outbox of deletions, written with the groups' pending_delete mark. */
export const GROUP_DELETED_OUTBOX: OutboxCodec<GroupDeleted> = {
  table: 'group_deleted_outbox',
  toJSON: (message) => GroupDeleted.toJSON(message),
  fromJSON: (payload) => GroupDeleted.fromJSON(payload),
  keyOf: (message) => `group-deleted:${message.groupId}`,
}

/** The job id of a group's deletion: one job per group (no ':', BullMQ refuses it). */
export function groupDeletedJobId(message: GroupDeleted): string {
  return `group-deleted_${message.groupId}`
}

const positiveId = (value: number) => Number.isSafeInteger(value) && value > 0

/** A job's payload as a GroupDeleted, or undefined when it names no group. */
export function decodeGroupDeleted(data: unknown): GroupDeleted | undefined {
  if (typeof data !== 'object' || data === null) return undefined
  const { groupId, namespaceIds } = data as Record<string, unknown>
  if (typeof groupId !== 'number' && typeof groupId !== 'string') return undefined
  if (!Array.isArray(namespaceIds)) return undefined
  const message = GroupDeleted.fromJSON(data)
  if (!positiveId(message.groupId) || !message.namespaceIds.every(positiveId)) return undefined
  return message
}

/** One deletion to both queues; it succeeds only when both took it (the outbox row stays until then). */
export function createGroupDeletedPublisher(connection: Redis): QueueProducer<GroupDeleted> {
  const producers = [GROUP_DELETED_QUEUE, CI_GROUP_DELETED_QUEUE].map((queue) =>
    createDurableProducer(connection, {
      queue,
      jobName: 'group-deleted',
      toData: (message: GroupDeleted) => GroupDeleted.toJSON(message),
      jobId: groupDeletedJobId,
    }),
  )
  return publishToAll(producers)
}

/** `group_deleted_outbox` (identity) -> GROUP_DELETED_QUEUE and CI_GROUP_DELETED_QUEUE. */
export const GROUP_DELETED_ROUTE: OutboxRoute<GroupDeleted> = {
  outbox: GROUP_DELETED_OUTBOX,
  createPublisher: createGroupDeletedPublisher,
}
