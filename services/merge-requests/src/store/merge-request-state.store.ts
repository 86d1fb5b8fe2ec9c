/**
 * State changes the background work and the merge make to a merge request:
 * closing one whose source branch was deleted, recording a merge.
 */
import { sql, type Kysely } from 'kysely'
import type { MergedFields } from '../domain/merge-request.js'
import type { MergeRequestRow } from './merge-request-rows.js'
import type { Database } from './schema.js'

type Db = Kysely<Database>

/** Closes an opened request; the closed row, or undefined when it was no longer opened. */
export function closeOpenedMergeRequest(
  db: Db,
  id: number,
  closedById: number | null,
): Promise<MergeRequestRow | undefined> {
  return db
    .updateTable('merge_requests')
    .set({
      state: 'closed',
      closed_at: sql<Date>`now()`,
      closed_by_id: closedById,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .where('state', '=', 'opened')
    .returningAll()
    .executeTakeFirst()
}

/** Marks an opened request merged; the merged row, or undefined when it was no longer opened. */
export function markMerged(
  db: Db,
  id: number,
  fields: MergedFields,
): Promise<MergeRequestRow | undefined> {
  return db
    .updateTable('merge_requests')
    .set({
      state: 'merged',
      merged_at: sql<Date>`now()`,
      updated_at: sql<Date>`now()`,
      merge_user_id: fields.mergeUserId,
      merge_commit_sha: fields.mergeCommitSha,
      squash_commit_sha: fields.squashCommitSha,
      squash: fields.squash,
      // The merge call's should_remove_source_branch is kept (merge_params), as GitLab shows it.
      ...(fields.shouldRemoveSourceBranch === undefined
        ? {}
        : { should_remove_source_branch: fields.shouldRemoveSourceBranch }),
      merge_error: null,
      merge_when_pipeline_succeeds: false,
    })
    .where('id', '=', id)
    .where('state', '=', 'opened')
    .returningAll()
    .executeTakeFirst()
}

/** Stores why a merge failed (GitLab's merge_error), as GitLab's MergeService does; the row. */
export function setMergeError(
  db: Db,
  id: number,
  mergeError: string,
): Promise<MergeRequestRow | undefined> {
  return db
    .updateTable('merge_requests')
    .set({ merge_error: mergeError })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst()
}

/**
 * Makes a new branch pipeline the head pipeline of the opened requests from
 * that branch of the project, into it or (from a fork) into another one,
 * whose latest diff ends at its commit (a newer head pipeline is kept); the
 * ids of the requests changed.
 */
export async function setBranchHeadPipeline(
  db: Db,
  event: { projectId: number; pipelineId: number; ref: string; sha: string },
): Promise<number[]> {
  const rows = await db
    .updateTable('merge_requests')
    .set({ head_pipeline_id: event.pipelineId })
    .where('source_project_id', '=', event.projectId)
    .where('source_branch', '=', event.ref)
    .where('state', '=', 'opened')
    .where((eb) =>
      eb.or([eb('head_pipeline_id', 'is', null), eb('head_pipeline_id', '<', event.pipelineId)]),
    )
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('merge_request_diffs')
          .select('merge_request_diffs.id')
          .whereRef('merge_request_diffs.id', '=', 'merge_requests.latest_diff_id')
          .where('merge_request_diffs.head_commit_sha', '=', event.sha),
      ),
    )
    .returning('id')
    .execute()
  return rows.map((row) => row.id)
}

/** Sets the request's head pipeline. */
export async function setHeadPipeline(db: Db, id: number, pipelineId: number): Promise<void> {
  await db
    .updateTable('merge_requests')
    .set({ head_pipeline_id: pipelineId })
    .where('id', '=', id)
    .execute()
}

/**
 * Makes `pipelineId` the head pipeline of an opened request while its head
 * pipeline is still `seen` or older than `pipelineId`; true when written.
 */
export async function replaceHeadPipeline(
  db: Db,
  id: number,
  pipelineId: number,
  seen: number | null,
): Promise<boolean> {
  const result = await db
    .updateTable('merge_requests')
    .set({ head_pipeline_id: pipelineId })
    .where('id', '=', id)
    .where('state', '=', 'opened')
    .where((eb) =>
      eb.or([
        eb('head_pipeline_id', 'is', null),
        eb('head_pipeline_id', '<', pipelineId),
        ...(seen === null ? [] : [eb('head_pipeline_id', '=', seen)]),
      ]),
    )
    .where('head_pipeline_id', 'is distinct from', pipelineId)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/**
 * Sets auto-merge (merge_when_pipeline_succeeds) by `userId`, keeping the
 * call's should_remove_source_branch for the merge to come (GitLab's
 * merge_params); the updated row.
 */
export function setAutoMerge(
  db: Db,
  id: number,
  userId: number,
  squash: boolean,
  shouldRemoveSourceBranch?: boolean,
): Promise<MergeRequestRow | undefined> {
  return db
    .updateTable('merge_requests')
    .set({
      merge_when_pipeline_succeeds: true,
      merge_user_id: userId,
      squash,
      ...(shouldRemoveSourceBranch === undefined
        ? {}
        : { should_remove_source_branch: shouldRemoveSourceBranch }),
    })
    .where('id', '=', id)
    .where('state', '=', 'opened')
    .returningAll()
    .executeTakeFirst()
}
