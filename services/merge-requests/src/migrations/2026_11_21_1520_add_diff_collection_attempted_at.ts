import { sql, type Kysely } from 'kysely'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

/**
 * When diff collection last ran for a request, whatever its outcome, so that
 * the sweeper re-queues only requests whose collection never ran (an enqueue
 * lost in a crash) and not, every 30 seconds, those whose branch is missing.
 * The partial index keeps that scan small however many requests exist.
 */
export async function up(db: AnyDB): Promise<void> {
  await sql`
    ALTER TABLE merge_requests ADD COLUMN diff_collection_attempted_at timestamptz
  `.execute(db)
  await sql`
    CREATE INDEX merge_requests_never_collected ON merge_requests (created_at)
      WHERE state = 'opened' AND latest_diff_id IS NULL AND diff_collection_attempted_at IS NULL
  `.execute(db)
}

export async function down(db: AnyDB): Promise<void> {
  await sql`DROP INDEX merge_requests_never_collected`.execute(db)
  await sql`ALTER TABLE merge_requests DROP COLUMN diff_collection_attempted_at`.execute(db)
}
