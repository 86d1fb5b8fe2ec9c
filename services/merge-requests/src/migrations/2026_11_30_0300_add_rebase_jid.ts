import { sql, type Kysely } from 'kysely'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

/**
 * GitLab's rebase_jid: the job of a rebase asked for with PUT .../rebase, set
 * while it runs, and when it was asked for (a job lost with its worker stops
 * counting as in progress after a while, as a Sidekiq status expires).
 */
export async function up(db: AnyDB): Promise<void> {
  await sql`
    ALTER TABLE merge_requests
      ADD COLUMN rebase_jid text,
      ADD COLUMN rebase_requested_at timestamptz
  `.execute(db)
}

export async function down(db: AnyDB): Promise<void> {
  await sql`
    ALTER TABLE merge_requests DROP COLUMN rebase_jid, DROP COLUMN rebase_requested_at
  `.execute(db)
}
