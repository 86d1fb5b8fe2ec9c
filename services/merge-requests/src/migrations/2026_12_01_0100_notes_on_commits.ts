import { sql, type Kysely } from 'kysely'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

/**
 * Notes on commits (GitLab's noteable_type Commit): a commit note names its
 * commit by project_id and commit_id (the full SHA, as GitLab stores it; no
 * row stands for the commit). A commit comment on a diff line (GitLab's
 * LegacyDiffNote) keeps the line found in the commit's diff as commit_line
 * ({path, line, line_type}).
 */
export async function up(db: AnyDB): Promise<void> {
  await sql`ALTER TABLE notes ADD COLUMN commit_id text`.execute(db)
  await sql`ALTER TABLE notes ADD COLUMN commit_line jsonb`.execute(db)
  await sql`ALTER TABLE notes DROP CONSTRAINT notes_one_noteable`.execute(db)
  await sql`
    ALTER TABLE notes ADD CONSTRAINT notes_one_noteable
    CHECK (num_nonnulls(merge_request_id, issue_id, commit_id) = 1)
  `.execute(db)
  await sql`
    CREATE INDEX notes_commit_created_at ON notes (project_id, commit_id, created_at, id)
    WHERE commit_id IS NOT NULL
  `.execute(db)
  await sql`
    CREATE INDEX notes_commit_discussion_id ON notes (project_id, commit_id, discussion_id)
    WHERE commit_id IS NOT NULL
  `.execute(db)
}

export async function down(db: AnyDB): Promise<void> {
  await sql`DELETE FROM notes WHERE commit_id IS NOT NULL`.execute(db)
  await sql`ALTER TABLE notes DROP CONSTRAINT notes_one_noteable`.execute(db)
  await sql`
    ALTER TABLE notes ADD CONSTRAINT notes_one_noteable
    CHECK (num_nonnulls(merge_request_id, issue_id) = 1)
  `.execute(db)
  await sql`ALTER TABLE notes DROP COLUMN commit_line`.execute(db)
  await sql`ALTER TABLE notes DROP COLUMN commit_id`.execute(db)
}
