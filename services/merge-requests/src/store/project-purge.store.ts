import { sql, type Kysely } from 'kysely'
import { purgeInBatches } from '@suite/runtime'
import type { Database } from './schema.js'

/** Merge requests removed per statement: each takes its assignees, diffs, approvals... along. */
const MERGE_REQUEST_BATCH = 50
/** Issues removed per statement: each takes its assignees and labels along. */
const ISSUE_BATCH = 200

/**
 * Removes everything the merge-requests schema holds for a deleted project,
 * in batches, and returns how many rows went. The project's access facts go
 * first, so its requests drop out of lists that span projects at once; then
 * the big children of its requests (notes, diff files and commits) on their
 * own, the requests (their assignees, reviewers, labels, diffs, blocks,
 * subscriptions, to-dos, time logs, approvals, award emoji and state events
 * cascade, a bounded set per request), its issues (with their assignees,
 * labels, subscriptions and time logs), and the project's to-dos, labels and milestones. Idempotent: run again after a crash, it finishes the job.
 */
export async function purgeProjectRows(db: Kysely<Database>, projectId: number): Promise<number> {
  let removed = await purgeInBatches(db, 'project_access_facts', sql`project_id = ${projectId}`)
  removed += await purgeInBatches(db, 'notes', sql`project_id = ${projectId}`)
  const diffsOfProject = sql`merge_request_diff_id in (select d.id from merge_request_diffs d
    join merge_requests m on m.id = d.merge_request_id where m.target_project_id = ${projectId})`
  removed += await purgeInBatches(db, 'merge_request_diff_files', diffsOfProject)
  removed += await purgeInBatches(db, 'merge_request_diff_commits', diffsOfProject)
  removed += await purgeInBatches(
    db,
    'merge_requests',
    sql`target_project_id = ${projectId}`,
    MERGE_REQUEST_BATCH,
  )
  // An issue takes its assignees, labels, subscriptions and time logs along.
  removed += await purgeInBatches(db, 'issues', sql`project_id = ${projectId}`, ISSUE_BATCH)
  for (const table of ['todos', 'labels', 'milestones']) {
    removed += await purgeInBatches(db, table, sql`project_id = ${projectId}`)
  }
  return removed
}
