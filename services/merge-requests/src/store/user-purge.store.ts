import { sql, type Kysely } from 'kysely'
import type { UserDeleted } from '@suite/proto'
import { purgeInBatches, updateInBatches } from '@suite/runtime'
import type { Database } from './schema.js'

/** Merge requests removed per statement on a hard delete (their children cascade). */
const MERGE_REQUEST_BATCH = 50

/**
 * A deleted user's side of the merge-requests schema, in batches
 * (Users::MigrateRecordsToGhostUserService and the user's foreign keys):
 * what only meant something for the user goes (assignments, review
 * requests, issue assignments, approvals, subscriptions, to-dos); their
 * merge requests, issues, notes, award emoji, time logs and state events move
 * to the Ghost user, or with `hardDelete` are removed. Idempotent; returns the rows changed.
 */
export async function migrateUserRows(
  db: Kysely<Database>,
  { userId, ghostUserId, hardDelete }: UserDeleted,
): Promise<number> {
  const by = (column: string) => sql`${sql.ref(column)} = ${userId}`
  const toGhost = (column: string) => sql`${sql.ref(column)} = ${ghostUserId}`
  let changed = 0
  for (const table of [
    'merge_request_assignees',
    'merge_request_reviewers',
    'approvals',
    'subscriptions',
    'issue_assignees',
  ]) {
    changed += await purgeInBatches(db, table, by('user_id'))
  }
  changed += await purgeInBatches(db, 'todos', sql`user_id = ${userId} or author_id = ${userId}`)
  if (hardDelete) {
    changed += await purgeInBatches(db, 'notes', by('author_id'))
    changed += await purgeInBatches(db, 'award_emoji', by('user_id'))
    changed += await purgeInBatches(db, 'timelogs', by('user_id'))
    changed += await purgeInBatches(db, 'merge_requests', by('author_id'), MERGE_REQUEST_BATCH)
    changed += await purgeInBatches(db, 'issues', by('author_id'), MERGE_REQUEST_BATCH)
  } else {
    // An award the Ghost user already gave on the same request or issue would collide: it stays one.
    changed += await purgeInBatches(
      db,
      'award_emoji',
      sql`user_id = ${userId} and exists (select 1 from award_emoji g
        where g.user_id = ${ghostUserId} and g.name = award_emoji.name
          and g.merge_request_id is not distinct from award_emoji.merge_request_id
          and g.issue_id is not distinct from award_emoji.issue_id)`,
    )
    changed += await updateInBatches(db, 'award_emoji', toGhost('user_id'), by('user_id'))
    changed += await updateInBatches(db, 'notes', toGhost('author_id'), by('author_id'))
    changed += await updateInBatches(db, 'timelogs', toGhost('user_id'), by('user_id'))
    changed += await updateInBatches(db, 'merge_requests', toGhost('author_id'), by('author_id'))
    changed += await updateInBatches(db, 'issues', toGhost('author_id'), by('author_id'))
  }
  changed += await updateInBatches(db, 'issues', toGhost('closed_by_id'), by('closed_by_id'))
  changed += await updateInBatches(db, 'notes', toGhost('resolved_by_id'), by('resolved_by_id'))
  changed += await updateInBatches(
    db,
    'merge_requests',
    toGhost('merge_user_id'),
    by('merge_user_id'),
  )
  changed += await updateInBatches(
    db,
    'merge_requests',
    toGhost('closed_by_id'),
    by('closed_by_id'),
  )
  for (const table of [
    'resource_state_events',
    'resource_label_events',
    'resource_milestone_events',
  ]) {
    changed += await updateInBatches(db, table, toGhost('user_id'), by('user_id'))
  }
  return changed
}
