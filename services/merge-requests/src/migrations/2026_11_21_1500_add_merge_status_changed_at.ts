import { sql, type Kysely } from 'kysely'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

/**
 * When merge_status last changed, so that the worker's sweeper can tell a
 * check left unchecked or checking by a crash from one that is under way.
 */
export async function up(db: AnyDB): Promise<void> {
  await sql`
    ALTER TABLE merge_requests
      ADD COLUMN merge_status_changed_at timestamptz NOT NULL DEFAULT now()
  `.execute(db)
  await sql`
    CREATE INDEX merge_requests_opened_status ON merge_requests (merge_status, merge_status_changed_at)
      WHERE state = 'opened'
  `.execute(db)
}

export async function down(db: AnyDB): Promise<void> {
  await sql`DROP INDEX merge_requests_opened_status`.execute(db)
  await sql`ALTER TABLE merge_requests DROP COLUMN merge_status_changed_at`.execute(db)
}
