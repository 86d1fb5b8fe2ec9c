import { sql, type Kysely } from 'kysely'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

/**
 * Notes on merge requests (GitLab's notes with noteable_type MergeRequest),
 * and the request's count of user (non-system) notes, kept in step in the
 * note's own transaction as upvotes are, so that presenting a page of
 * requests needs no count per row.
 */
export async function up(db: AnyDB): Promise<void> {
  await sql`
    CREATE TABLE notes (
      id bigserial PRIMARY KEY,
      merge_request_id bigint NOT NULL REFERENCES merge_requests (id) ON DELETE CASCADE,
      project_id bigint NOT NULL,
      author_id bigint NOT NULL,
      body text NOT NULL,
      system boolean NOT NULL DEFAULT false,
      internal boolean NOT NULL DEFAULT false,
      resolvable boolean NOT NULL DEFAULT false,
      resolved_at timestamptz,
      resolved_by_id bigint,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db)
  await sql`CREATE INDEX notes_merge_request_id_created_at ON notes (merge_request_id, created_at, id)`.execute(
    db,
  )
  await sql`ALTER TABLE merge_requests ADD COLUMN user_notes_count integer NOT NULL DEFAULT 0`.execute(
    db,
  )
}

export async function down(db: AnyDB): Promise<void> {
  await sql`ALTER TABLE merge_requests DROP COLUMN user_notes_count`.execute(db)
  await sql`DROP TABLE notes`.execute(db)
}
