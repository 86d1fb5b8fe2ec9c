import { sql, type Kysely } from 'kysely'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

/**
 * Discussions (GitLab's notes.discussion_id, type, position): every note
 * belongs to one, a plain note being its own individual discussion, so notes
 * written before this migration each get an id of their own. `type` is
 * GitLab's STI class (null, DiscussionNote, DiffNote); `position` is a diff
 * note's Gitlab::Diff::Position as its API hash.
 */
export async function up(db: AnyDB): Promise<void> {
  await sql`ALTER TABLE notes ADD COLUMN discussion_id text`.execute(db)
  await sql`ALTER TABLE notes ADD COLUMN type text`.execute(db)
  await sql`ALTER TABLE notes ADD COLUMN position jsonb`.execute(db)
  // 40 hex digits, as GitLab's SHA1-shaped discussion ids are.
  await sql`
    UPDATE notes
    SET discussion_id = substr(encode(sha256(convert_to('note:' || id || ':' || random(), 'UTF8')), 'hex'), 1, 40)
  `.execute(db)
  await sql`ALTER TABLE notes ALTER COLUMN discussion_id SET NOT NULL`.execute(db)
  await sql`CREATE INDEX notes_merge_request_id_discussion_id ON notes (merge_request_id, discussion_id)`.execute(
    db,
  )
}

export async function down(db: AnyDB): Promise<void> {
  await sql`DROP INDEX notes_merge_request_id_discussion_id`.execute(db)
  await sql`ALTER TABLE notes DROP COLUMN position`.execute(db)
  await sql`ALTER TABLE notes DROP COLUMN type`.execute(db)
  await sql`ALTER TABLE notes DROP COLUMN discussion_id`.execute(db)
}
