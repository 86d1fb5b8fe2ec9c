import type { EventRecord } from '@suite/proto'
import {
  eventOutboxRows,
  insertOutboxEvent,
  type OutboxRows,
  type PendingEvent,
} from '@suite/runtime'
import type { Kysely } from 'kysely'
import type { IssueEvent, MergeRequestEvent } from '../domain/event-records.js'
import type { Database } from './schema.js'
import type { EventOutboxPort } from '../domain/ports.js'

/** The event as the outbox keeps it (the projects event queue's message). */
function eventRecord(event: MergeRequestEvent | IssueEvent): EventRecord {
  return {
    action: event.action,
    projectId: event.projectId,
    authorId: event.authorId,
    targetType: 'targetType' in event ? event.targetType : 'MergeRequest',
    targetId: event.targetId,
    targetIid: event.targetIid,
    targetTitle: event.targetTitle,
    pushData: undefined,
    createdAt: event.createdAt,
    idempotencyKey: event.idempotencyKey,
  }
}

/**
 * The transactional outbox of activity events: written in the transaction of
 * the change that causes them, drained to the queue by the relay.
 */
export class EventOutboxStore implements EventOutboxPort, OutboxRows {
  private readonly rows: OutboxRows

  /** `afterAdd` gets each event written (to deliver once its transaction committed). */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly afterAdd?: (record: EventRecord) => Promise<void> | undefined,
  ) {
    this.rows = eventOutboxRows(db)
  }

  /** Records a merge request's or an issue's event; a second record with the same key is ignored. */
  async add(event: MergeRequestEvent | IssueEvent): Promise<void> {
    const record = eventRecord(event)
    await insertOutboxEvent(this.db, record)
    await this.afterAdd?.(record)
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
