import { sql, type Kysely } from 'kysely'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

/**
 * GitLab's resource_label_events and resource_milestone_events for merge
 * requests: each label or milestone added or removed, written in the change's
 * transaction. The label or milestone goes null when it is deleted later, as
 * GitLab's events keep no copy of it.
 */
export async function up(db: AnyDB): Promise<void> {
  await sql`
    CREATE TABLE resource_label_events (
      id bigserial PRIMARY KEY,
      merge_request_id bigint NOT NULL REFERENCES merge_requests (id) ON DELETE CASCADE,
      user_id bigint,
      label_id bigint REFERENCES labels (id) ON DELETE SET NULL,
      action text NOT NULL CHECK (action IN ('add', 'remove')),
      created_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db)
  await sql`CREATE INDEX resource_label_events_merge_request_id ON resource_label_events (merge_request_id, id)`.execute(
    db,
  )
  await sql`CREATE INDEX resource_label_events_label_id ON resource_label_events (label_id)`.execute(
    db,
  )
  await sql`
    CREATE TABLE resource_milestone_events (
      id bigserial PRIMARY KEY,
      merge_request_id bigint NOT NULL REFERENCES merge_requests (id) ON DELETE CASCADE,
      user_id bigint,
      milestone_id bigint REFERENCES milestones (id) ON DELETE SET NULL,
      action text NOT NULL CHECK (action IN ('add', 'remove')),
      state text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db)
  await sql`CREATE INDEX resource_milestone_events_merge_request_id ON resource_milestone_events (merge_request_id, id)`.execute(
    db,
  )
  await sql`CREATE INDEX resource_milestone_events_milestone_id ON resource_milestone_events (milestone_id)`.execute(
    db,
  )
}

export async function down(db: AnyDB): Promise<void> {
  await sql`DROP TABLE resource_milestone_events`.execute(db)
  await sql`DROP TABLE resource_label_events`.execute(db)
}
