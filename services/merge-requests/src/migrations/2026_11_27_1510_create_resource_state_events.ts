import { sql, type Kysely } from 'kysely'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

/**
 * GitLab's resource_state_events for merge requests: each close, reopen and
 * merge, written in the state change's transaction. user_id is null when no
 * user is known (a source branch deleted by an unknown pusher).
 */
export async function up(db: AnyDB): Promise<void> {
  await sql`
    CREATE TABLE resource_state_events (
      id bigserial PRIMARY KEY,
      merge_request_id bigint NOT NULL REFERENCES merge_requests (id) ON DELETE CASCADE,
      user_id bigint,
      state text NOT NULL CHECK (state IN ('closed', 'reopened', 'merged')),
      source_commit text,
      source_merge_request_id bigint,
      created_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db)
  await sql`CREATE INDEX resource_state_events_merge_request_id ON resource_state_events (merge_request_id, id)`.execute(
    db,
  )
}

export async function down(db: AnyDB): Promise<void> {
  await sql`DROP TABLE resource_state_events`.execute(db)
}
