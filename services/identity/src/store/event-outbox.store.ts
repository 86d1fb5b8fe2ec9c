import type { Kysely } from 'kysely'
import { EventRecord } from '@suite/proto'
import { memberActivityKey, type MemberActivity } from '../domain/member-activity.js'
import type { DB } from './schema.js'

/** An activity event waiting in the outbox for the `projects.events` queue. */
export interface PendingEvent {
  id: number
  event: EventRecord
  attempts: number
}

/**
 * The transactional outbox of activity events: written in the transaction of
 * the change that causes them, drained to the queue by the relay.
 */
export class EventOutboxStore {
  constructor(private readonly db: Kysely<DB>) {}

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
    await this.db
      .insertInto('event_outbox')
      .values({
        payload: JSON.stringify(EventRecord.toJSON(event)),
        idempotency_key: event.idempotencyKey,
      })
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .execute()
  }

  /**
   * The oldest pending events, locked until the transaction ends; rows another
   * relay holds are skipped (call inside a transaction).
   */
  async lockPending(limit: number): Promise<PendingEvent[]> {
    const rows = await this.db
      .selectFrom('event_outbox')
      .select(['id', 'payload', 'attempts'])
      .orderBy('id')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute()
    return rows.map((row) => ({
      id: row.id,
      event: EventRecord.fromJSON(row.payload),
      attempts: row.attempts,
    }))
  }

  async delete(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return
    await this.db
      .deleteFrom('event_outbox')
      .where('id', 'in', [...ids])
      .execute()
  }

  async countAttempt(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return
    await this.db
      .updateTable('event_outbox')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', 'in', [...ids])
      .execute()
  }
}
