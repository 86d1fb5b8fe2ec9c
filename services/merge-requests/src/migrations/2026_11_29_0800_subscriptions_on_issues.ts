import { sql, type Kysely } from 'kysely'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

/**
 * Subscriptions to issues as well as to merge requests (GitLab's polymorphic
 * subscribable): a subscription belongs to exactly one of them, through
 * merge_request_id (now nullable; every existing row keeps it) or the new
 * issue_id, once per user. The primary key named merge_request_id, so it
 * gives way to one unique index per kind.
 */
export async function up(db: AnyDB): Promise<void> {
  await sql`ALTER TABLE subscriptions DROP CONSTRAINT subscriptions_pkey`.execute(db)
  await sql`ALTER TABLE subscriptions ALTER COLUMN merge_request_id DROP NOT NULL`.execute(db)
  await sql`
    ALTER TABLE subscriptions ADD COLUMN issue_id bigint REFERENCES issues (id) ON DELETE CASCADE
  `.execute(db)
  await sql`
    ALTER TABLE subscriptions ADD CONSTRAINT subscriptions_one_subscribable
    CHECK (num_nonnulls(merge_request_id, issue_id) = 1)
  `.execute(db)
  await sql`
    CREATE UNIQUE INDEX subscriptions_merge_request_user ON subscriptions (merge_request_id, user_id)
    WHERE merge_request_id IS NOT NULL
  `.execute(db)
  await sql`
    CREATE UNIQUE INDEX subscriptions_issue_user ON subscriptions (issue_id, user_id)
    WHERE issue_id IS NOT NULL
  `.execute(db)
  // A deleted user's subscriptions go by user.
  await sql`CREATE INDEX subscriptions_user_id ON subscriptions (user_id)`.execute(db)
}

export async function down(db: AnyDB): Promise<void> {
  await sql`DELETE FROM subscriptions WHERE issue_id IS NOT NULL`.execute(db)
  await sql`DROP INDEX subscriptions_user_id`.execute(db)
  await sql`DROP INDEX subscriptions_issue_user`.execute(db)
  await sql`DROP INDEX subscriptions_merge_request_user`.execute(db)
  await sql`ALTER TABLE subscriptions DROP CONSTRAINT subscriptions_one_subscribable`.execute(db)
  await sql`ALTER TABLE subscriptions DROP COLUMN issue_id`.execute(db)
  await sql`ALTER TABLE subscriptions ALTER COLUMN merge_request_id SET NOT NULL`.execute(db)
  await sql`ALTER TABLE subscriptions ADD PRIMARY KEY (merge_request_id, user_id)`.execute(db)
}
