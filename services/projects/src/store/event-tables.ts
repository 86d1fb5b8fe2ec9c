import type { ColumnType, Generated } from 'kysely'

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>

/** GitLab's events: one row per thing a user did in a project. */
export interface EventsTable {
  id: Generated<number>
  project_id: number
  author_id: number
  /** GitLab's stored action name: created, pushed, merged, joined, left, ... */
  action: string
  target_type: string | null
  target_id: number | null
  target_iid: number | null
  target_title: string | null
  created_at: Timestamp
  updated_at: Timestamp
  /** One event per key: a repeated report records nothing new. */
  idempotency_key: string
}

/** GitLab's push_event_payloads: what a push event carries. */
export interface PushEventPayloadsTable {
  event_id: number
  commit_count: number
  /** created, removed, pushed */
  action: string
  /** branch, tag */
  ref_type: string
  commit_from: string | null
  commit_to: string | null
  ref: string
  commit_title: string | null
  /** Set only for a bulk push of many refs. */
  ref_count: number | null
}

/** Tables of activity events. */
export interface EventTables {
  events: EventsTable
  push_event_payloads: PushEventPayloadsTable
}
