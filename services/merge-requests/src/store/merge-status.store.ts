/**
 * The merge-requests rows the background work reads and moves: merge status
 * and its checked shas, the branch-update fan-out and the sweeper's scan.
 */
import { sql, type Kysely } from 'kysely'
import type { MergeRequest } from '../domain/merge-request.js'
import type { MergeStatusUpdate, StuckMergeRequests } from '../domain/merge-status-rules.js'
import { toMergeRequest } from './merge-request-rows.js'
import type { Database } from './schema.js'
import type { MergeStatusPort } from '../domain/ports.js'

/** Statuses that wait for a check. */
export const PENDING_MERGE_STATUSES = ['unchecked', 'checking', 'cannot_be_merged_recheck']

export class MergeStatusStore implements MergeStatusPort {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Writes a merge status, only while the row still has `expected` (so a push
   * that reset the status meanwhile wins); true when the row was written.
   */
  async update(id: number, expected: string, update: MergeStatusUpdate): Promise<boolean> {
    const result = await this.db
      .updateTable('merge_requests')
      .set({
        merge_status: update.mergeStatus,
        merge_status_changed_at: sql<Date>`now()`,
        ...(update.hasConflicts !== undefined && { has_conflicts: update.hasConflicts }),
        ...(update.sourceSha !== undefined && { merge_status_source_sha: update.sourceSha }),
        ...(update.targetSha !== undefined && { merge_status_target_sha: update.targetSha }),
        ...(update.divergedCommitsCount !== undefined && {
          diverged_commits_count: update.divergedCommitsCount,
        }),
      })
      .where('id', '=', id)
      .where('merge_status', '=', expected)
      .executeTakeFirst()
    return result.numUpdatedRows > 0n
  }

  /**
   * Opened merge requests whose source branch (in its source project) or target
   * branch (in its target project) is `branch` of `projectId`, by id.
   */
  async findOpenedForBranch(projectId: number, branch: string): Promise<MergeRequest[]> {
    const rows = await this.db
      .selectFrom('merge_requests')
      .selectAll()
      .where('state', '=', 'opened')
      .where((eb) =>
        eb.or([
          eb.and([eb('source_project_id', '=', projectId), eb('source_branch', '=', branch)]),
          eb.and([eb('target_project_id', '=', projectId), eb('target_branch', '=', branch)]),
        ]),
      )
      .orderBy('id')
      .execute()
    return rows.map(toMergeRequest)
  }

  async findOpenedFromFork(projectId: number, limit: number): Promise<MergeRequest[]> {
    const rows = await this.db
      .selectFrom('merge_requests')
      .selectAll()
      .where('state', '=', 'opened')
      .where('source_project_id', '=', projectId)
      .where('target_project_id', '<>', projectId)
      .orderBy('id')
      .limit(limit)
      .execute()
    return rows.map(toMergeRequest)
  }

  /**
   * Opened merge requests left behind: never tried for a diff version (an
   * enqueue lost in a crash), or waiting for a merge status check, for longer
   * than `before` allows. Both scans read partial indexes.
   */
  async findStuck(before: Date, limit: number): Promise<StuckMergeRequests> {
    const withoutDiff = await this.db
      .selectFrom('merge_requests')
      .select('id')
      .where('state', '=', 'opened')
      .where('latest_diff_id', 'is', null)
      .where('diff_collection_attempted_at', 'is', null)
      .where('created_at', '<', before)
      .orderBy('id')
      .limit(limit)
      .execute()
    const pendingStatus = await this.db
      .selectFrom('merge_requests')
      .select('id')
      .where('state', '=', 'opened')
      .where('latest_diff_id', 'is not', null)
      .where('merge_status', 'in', PENDING_MERGE_STATUSES)
      .where('merge_status_changed_at', '<', before)
      .orderBy('id')
      .limit(limit)
      .execute()
    return {
      withoutDiff: withoutDiff.map((row) => row.id),
      pendingStatus: pendingStatus.map((row) => row.id),
    }
  }

  /** Records that diff collection ran for the request, whatever its outcome. */
  async markDiffCollectionAttempted(id: number): Promise<void> {
    await this.db
      .updateTable('merge_requests')
      .set({ diff_collection_attempted_at: sql<Date>`now()` })
      .where('id', '=', id)
      .execute()
  }
}
