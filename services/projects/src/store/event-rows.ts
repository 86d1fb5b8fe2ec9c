import type { Insertable } from 'kysely'
import type { EventRecord } from '@suite/proto'
import type { EventsTable, PushEventPayloadsTable } from './event-tables.js'

/** GitLab keeps the first line of a push's last commit, cut to 70 characters. */
const COMMIT_TITLE_LIMIT = 70

export type NewEventRow = Insertable<EventsTable>
export type NewPushPayloadRow = Omit<Insertable<PushEventPayloadsTable>, 'event_id'>

/** The events row of a reported event (created_at defaults to now). */
export function toEventRow(record: EventRecord, now: Date = new Date()): NewEventRow {
  const createdAt = record.createdAt ?? now
  return {
    project_id: record.projectId,
    author_id: record.authorId,
    action: record.action,
    target_type: record.targetType ?? null,
    target_id: record.targetId ?? null,
    target_iid: record.targetIid ?? null,
    target_title: record.targetTitle ?? null,
    created_at: createdAt,
    updated_at: createdAt,
    idempotency_key: record.idempotencyKey,
  }
}

/** The push_event_payloads row of a push event, or undefined for other events. */
export function toPushPayloadRow(record: EventRecord): NewPushPayloadRow | undefined {
  const push = record.pushData
  if (!push) return undefined
  const title = push.commitTitle?.split('\n', 1)[0]
  return {
    commit_count: push.commitCount,
    action: push.action,
    ref_type: push.refType,
    commit_from: push.commitFrom || null,
    commit_to: push.commitTo || null,
    ref: push.ref,
    commit_title: title === undefined ? null : title.slice(0, COMMIT_TITLE_LIMIT),
    ref_count: push.refCount > 1 ? push.refCount : null,
  }
}
