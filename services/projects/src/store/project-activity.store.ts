import { sql, type Kysely } from 'kysely'
import type { Database } from './schema.js'

/**
 * Project#last_activity_at follows its events (GitLab's Event#update_project):
 * moved to the event's time (now() when the row takes the default), only
 * forward (`greatest`), so a late or replayed event never takes it back.
 * GitLab throttles this write; one UPDATE per stored event is cheap enough
 * here. It always matches the project's row, which it also locks until the
 * event commits: no row means the project is gone (a creation was undone),
 * and a deletion cannot slip in between (events have no foreign key).
 */
export function advanceLastActivity(
  db: Kysely<Database>,
  projectId: number,
  at: Date | string | undefined,
) {
  const time = at === undefined ? sql<Date>`now()` : sql<Date>`${at}::timestamptz`
  return db
    .updateTable('projects')
    .set({ last_activity_at: sql<Date>`greatest(last_activity_at, ${time})` })
    .where('id', '=', projectId)
    .returning('id')
}
