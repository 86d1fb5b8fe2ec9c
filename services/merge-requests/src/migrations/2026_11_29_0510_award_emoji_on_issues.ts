import { sql, type Kysely } from 'kysely'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

/**
 * Award emoji on issues as well as on merge requests (GitLab's polymorphic
 * awardable): an award belongs to exactly one of them, through
 * merge_request_id (now nullable; every existing award keeps it) or the new
 * issue_id, once per user and name. Issues keep upvotes and downvotes as
 * merge requests do.
 */
export async function up(db: AnyDB): Promise<void> {
  await sql`ALTER TABLE award_emoji ALTER COLUMN merge_request_id DROP NOT NULL`.execute(db)
  await sql`
    ALTER TABLE award_emoji ADD COLUMN issue_id bigint REFERENCES issues (id) ON DELETE CASCADE
  `.execute(db)
  await sql`
    ALTER TABLE award_emoji ADD CONSTRAINT award_emoji_one_awardable
    CHECK (num_nonnulls(merge_request_id, issue_id) = 1)
  `.execute(db)
  await sql`
    CREATE UNIQUE INDEX award_emoji_issue_user_name ON award_emoji (issue_id, user_id, name)
    WHERE issue_id IS NOT NULL
  `.execute(db)
  await sql`
    ALTER TABLE issues
      ADD COLUMN upvotes integer NOT NULL DEFAULT 0,
      ADD COLUMN downvotes integer NOT NULL DEFAULT 0
  `.execute(db)
}

export async function down(db: AnyDB): Promise<void> {
  await sql`ALTER TABLE issues DROP COLUMN upvotes, DROP COLUMN downvotes`.execute(db)
  await sql`DELETE FROM award_emoji WHERE issue_id IS NOT NULL`.execute(db)
  await sql`ALTER TABLE award_emoji DROP CONSTRAINT award_emoji_one_awardable`.execute(db)
  await sql`ALTER TABLE award_emoji DROP COLUMN issue_id`.execute(db)
  await sql`ALTER TABLE award_emoji ALTER COLUMN merge_request_id SET NOT NULL`.execute(db)
}
