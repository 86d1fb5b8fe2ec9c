import { sql, type Kysely } from 'kysely'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

/**
 * Indexes for list filters that span projects (the instance and group
 * lists): labels and milestones by title, so `labels=` and `milestone=` find
 * their ids without reading every label or milestone.
 */
export async function up(db: AnyDB): Promise<void> {
  await sql`CREATE INDEX labels_title ON labels (title)`.execute(db)
  await sql`CREATE INDEX milestones_title ON milestones (title)`.execute(db)
}

export async function down(db: AnyDB): Promise<void> {
  await sql`DROP INDEX milestones_title`.execute(db)
  await sql`DROP INDEX labels_title`.execute(db)
}
