import type { Kysely } from 'kysely'
import type { EventRecord } from '@suite/proto'
import {
  eventOutboxRows,
  insertOutboxEvent,
  type OutboxRows,
  type PendingEvent,
} from '@suite/runtime'
import { memberActivityKey, type MemberActivity } from '../domain/member-activity.js'
import type { EventOutbox } from '../domain/ports.js'
import type { Database } from './schema.js'

/**
 * The transactional outbox of activity events: written in the transaction of
 * the change that causes them, drained to the queue by the relay.
 */
export class EventOutboxStore implements OutboxRows, EventOutbox {
  private readonly rows: OutboxRows

  constructor(private readonly db: Kysely<Database>) {
    this.rows = eventOutboxRows(db)
  }

  /** Records a member's joined/left event; a second record with the same key is ignored. */
  async addMemberActivity(activity: MemberActivity): Promise<void> {
    const event: EventRecord = {
      action: activity.action,
      projectId: activity.projectId,
      authorId: activity.userId,
      targetType: undefined,
      targetId: undefined,
      targetIid: undefined,
      targetTitle: undefined,
      pushData: undefined,
      createdAt: activity.at,
      idempotencyKey: memberActivityKey(activity),
    }
    await insertOutboxEvent(this.db, event)
  }

  /** The oldest pending events, locked until the transaction ends (see runtime's relay). */
  lockPending(limit: number): Promise<PendingEvent[]> {
    return this.rows.lockPending(limit)
  }

  delete(ids: readonly number[]): Promise<void> {
    return this.rows.delete(ids)
  }

  countAttempt(ids: readonly number[]): Promise<void> {
    return this.rows.countAttempt(ids)
  }
}
