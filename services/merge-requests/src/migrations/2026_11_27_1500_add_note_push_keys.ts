import { sql, type Kysely } from 'kysely'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

/**
 * The push a pushed-commits system note ("added N commits") was written for
 * (its before..after), unique per merge request, so that a retried branch
 * update writes no second note.
 */
export async function up(db: AnyDB): Promise<void> {
  await sql`ALTER TABLE notes ADD COLUMN push_key text`.execute(db)
  await sql`
    CREATE UNIQUE INDEX notes_merge_request_id_push_key ON notes (merge_request_id, push_key)
    WHERE push_key IS NOT NULL
  `.execute(db)
}

export async function down(db: AnyDB): Promise<void> {
  await sql`DROP INDEX notes_merge_request_id_push_key`.execute(db)
  await sql`ALTER TABLE notes DROP COLUMN push_key`.execute(db)
}
