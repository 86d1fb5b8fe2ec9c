import { sql, type Kysely } from 'kysely'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

/**
 * Time tracking on issues as well as on merge requests (GitLab's
 * TimeTrackable): a timelog belongs to exactly one of them, through
 * merge_request_id (now nullable; every existing log keeps it) or the new
 * issue_id; issues keep their estimate and the running sum of their logs as
 * merge requests do.
 */
export async function up(db: AnyDB): Promise<void> {
  await sql`ALTER TABLE timelogs ALTER COLUMN merge_request_id DROP NOT NULL`.execute(db)
  await sql`
    ALTER TABLE timelogs ADD COLUMN issue_id bigint REFERENCES issues (id) ON DELETE CASCADE
  `.execute(db)
  await sql`
    ALTER TABLE timelogs ADD CONSTRAINT timelogs_one_trackable
    CHECK (num_nonnulls(merge_request_id, issue_id) = 1)
  `.execute(db)
  await sql`CREATE INDEX timelogs_issue ON timelogs (issue_id) WHERE issue_id IS NOT NULL`.execute(
    db,
  )
  await sql`
    ALTER TABLE issues
      ADD COLUMN time_estimate integer NOT NULL DEFAULT 0,
      ADD COLUMN total_time_spent integer NOT NULL DEFAULT 0
  `.execute(db)
}

export async function down(db: AnyDB): Promise<void> {
  await sql`ALTER TABLE issues DROP COLUMN time_estimate, DROP COLUMN total_time_spent`.execute(db)
  await sql`DELETE FROM timelogs WHERE issue_id IS NOT NULL`.execute(db)
  await sql`ALTER TABLE timelogs DROP CONSTRAINT timelogs_one_trackable`.execute(db)
  await sql`ALTER TABLE timelogs DROP COLUMN issue_id`.execute(db)
  await sql`ALTER TABLE timelogs ALTER COLUMN merge_request_id SET NOT NULL`.execute(db)
}
