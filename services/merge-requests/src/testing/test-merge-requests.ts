/**
 * Merge request rows for store and domain tests (test code only): the
 * columns without defaults filled, project 1 and author 10 unless given.
 */
import type { Insertable, Kysely } from 'kysely'
import type { MergeRequest } from '../domain/merge-request.js'
import { toMergeRequest } from '../store/merge-request-rows.js'
import type { Database, MergeRequestsTable } from '../store/schema.js'

let nextIid = 1

/** Inserts a merge request (columns as given) and returns it. */
export async function insertTestMergeRequest(
  db: Kysely<Database>,
  values: Partial<Insertable<MergeRequestsTable>> = {},
): Promise<MergeRequest> {
  const iid = nextIid++
  const row = await db
    .insertInto('merge_requests')
    .values({
      iid,
      target_project_id: 1,
      source_project_id: values.target_project_id ?? 1,
      title: `MR ${iid}`,
      author_id: 10,
      source_branch: `feature-${iid}`,
      target_branch: 'main',
      ...values,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
  return toMergeRequest(row)
}
