import { createEventPublisher, type EventPublisher, type ServiceDeps } from '@suite/runtime'
import type { MemberActivity, PublishMemberActivity } from '../domain/member-activity.js'
import type { DB } from '../store/schema.js'

/**
 * Reports member activity to the projects' activity events queue, keyed so a
 * repeated report is stored once. Runs after the membership committed; a
 * Redis failure is logged and does not undo or fail the change.
 */
/** How long a member change waits for Redis (ioredis queues commands while it reconnects). */
const PUBLISH_TIMEOUT_MS = 2_000

function withTimeout(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<void>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`not queued within ${ms} ms`)), ms)
  })
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}

export function memberActivityPublisher(deps: ServiceDeps<DB>): PublishMemberActivity {
  let publisher: EventPublisher | undefined
  return async (activity: MemberActivity) => {
    try {
      publisher ??= createEventPublisher(deps.redis())
      const queued = publisher.publish({
        action: activity.action,
        projectId: activity.projectId,
        authorId: activity.userId,
        targetType: undefined,
        targetId: undefined,
        targetIid: undefined,
        targetTitle: undefined,
        pushData: undefined,
        createdAt: activity.at,
        idempotencyKey: `member:${activity.projectId}:${activity.userId}:${activity.action}:${activity.memberId}`,
      })
      await withTimeout(queued, PUBLISH_TIMEOUT_MS)
    } catch (error) {
      deps.logger.error({ err: error, activity }, 'member activity event not queued')
    }
  }
}
