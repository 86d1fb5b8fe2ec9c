import type { Kysely } from 'kysely'
import { installChangeTriggersV1 } from '@suite/runtime'

// Migrations use Kysely<any> so that they never depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>

const BY_MERGE_REQUEST = {
  tag: `'p:' || m.target_project_id`,
  join: 'JOIN {schema}.merge_requests m ON m.id = r.merge_request_id',
}

/**
 * Change events for the gateways' caches: every write to a merge request, to
 * what is presented with it, or to a project's labels and milestones names the
 * project. Diff files and commits are left out: a new diff version also moves
 * the merge request's latest_diff_id.
 */
export async function up(db: AnyDB): Promise<void> {
  await installChangeTriggersV1(db, [
    { table: 'merge_requests', tag: `'p:' || r.target_project_id` },
    { table: 'labels', tag: `'p:' || r.project_id` },
    { table: 'milestones', tag: `'p:' || r.project_id` },
    { table: 'project_access_facts', tag: `'p:' || r.project_id` },
    { table: 'merge_request_assignees', ...BY_MERGE_REQUEST },
    { table: 'merge_request_reviewers', ...BY_MERGE_REQUEST },
    { table: 'merge_request_labels', ...BY_MERGE_REQUEST },
    { table: 'merge_request_diffs', ...BY_MERGE_REQUEST },
    { table: 'approvals', ...BY_MERGE_REQUEST },
    { table: 'award_emoji', ...BY_MERGE_REQUEST },
    { table: 'subscriptions', ...BY_MERGE_REQUEST },
    { table: 'timelogs', ...BY_MERGE_REQUEST },
    {
      table: 'merge_request_blocks',
      tag: `'p:' || m.target_project_id`,
      join: 'JOIN {schema}.merge_requests m ON m.id IN (r.blocking_merge_request_id, r.blocked_merge_request_id)',
    },
  ])
}
