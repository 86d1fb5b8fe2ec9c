import { sql, type Kysely } from 'kysely'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

/**
 * Notes on issues as well as on merge requests (GitLab's polymorphic
 * noteable): a note belongs to exactly one of them, through merge_request_id
 * (now nullable; every existing note keeps it) or the new issue_id. Issues
 * keep their count of user notes as merge requests do.
 */
export async function up(db: AnyDB): Promise<void> {
  await sql`ALTER TABLE notes ALTER COLUMN merge_request_id DROP NOT NULL`.execute(db)
  await sql`
    ALTER TABLE notes ADD COLUMN issue_id bigint REFERENCES issues (id) ON DELETE CASCADE
  `.execute(db)
  await sql`
    ALTER TABLE notes ADD CONSTRAINT notes_one_noteable
    CHECK (num_nonnulls(merge_request_id, issue_id) = 1)
  `.execute(db)
  await sql`
    CREATE INDEX notes_issue_id_created_at ON notes (issue_id, created_at, id)
    WHERE issue_id IS NOT NULL
  `.execute(db)
  await sql`
    CREATE INDEX notes_issue_id_discussion_id ON notes (issue_id, discussion_id)
    WHERE issue_id IS NOT NULL
  `.execute(db)
  await sql`ALTER TABLE issues ADD COLUMN user_notes_count integer NOT NULL DEFAULT 0`.execute(db)
}

export async function down(db: AnyDB): Promise<void> {
  await sql`ALTER TABLE issues DROP COLUMN user_notes_count`.execute(db)
  await sql`DELETE FROM notes WHERE issue_id IS NOT NULL`.execute(db)
  await sql`ALTER TABLE notes DROP CONSTRAINT notes_one_noteable`.execute(db)
  await sql`ALTER TABLE notes DROP COLUMN issue_id`.execute(db)
  await sql`ALTER TABLE notes ALTER COLUMN merge_request_id SET NOT NULL`.execute(db)
}
