/**
 * Auto-merge (merge_when_pipeline_succeeds) as the pipeline-finished worker
 * carries it out: the requests a finished pipeline heads, cancelling, and a
 * per-request lock so that two deliveries never merge one request twice.
 */
import { sql, type Kysely } from 'kysely'
import type { MergeRequest } from '../domain/merge-request.js'
import type { AutoMergeCancel, AutoMergePort, FinishedPipeline } from '../domain/ports.js'
import { toMergeRequest } from './merge-request-rows.js'
import type { Database } from './schema.js'

export class AutoMergeStore implements AutoMergePort {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The opened requests of the project with auto-merge set whose head
   * pipeline is this one and whose latest diff ends at its commit (GitLab's
   * diff_head_pipeline: a pipeline of another commit decides nothing).
   */
  async findWaitingFor(pipeline: FinishedPipeline): Promise<MergeRequest[]> {
    const rows = await this.db
      .selectFrom('merge_requests')
      .innerJoin('merge_request_diffs', 'merge_request_diffs.id', 'merge_requests.latest_diff_id')
      .selectAll('merge_requests')
      // A fork's request may be headed by a pipeline of the fork.
      .where((eb) =>
        eb.or([
          eb('merge_requests.target_project_id', '=', pipeline.projectId),
          eb('merge_requests.source_project_id', '=', pipeline.projectId),
        ]),
      )
      .where('merge_requests.head_pipeline_id', '=', pipeline.pipelineId)
      .where('merge_requests.state', '=', 'opened')
      .where('merge_requests.merge_when_pipeline_succeeds', '=', true)
      .where('merge_request_diffs.head_commit_sha', '=', pipeline.sha)
      .orderBy('merge_requests.id')
      .execute()
    return rows.map(toMergeRequest)
  }

  /**
   * AutoMerge::BaseService#cancel_auto_merge: auto-merge off, no merge user,
   * the merge call's should_remove_source_branch dropped (merge_params). An
   * opened request only; true when it had auto-merge set and now has not.
   */
  async cancel(id: number, why: AutoMergeCancel = {}): Promise<boolean> {
    let update = this.db
      .updateTable('merge_requests')
      .set({
        merge_when_pipeline_succeeds: false,
        merge_user_id: null,
        should_remove_source_branch: null,
        updated_at: sql<Date>`now()`,
        ...(why.mergeError === undefined ? {} : { merge_error: why.mergeError }),
      })
      .where('id', '=', id)
      .where('state', '=', 'opened')
      .where('merge_when_pipeline_succeeds', '=', true)
    if (why.pipelineId !== undefined) update = update.where('head_pipeline_id', '=', why.pipelineId)
    const result = await update.executeTakeFirst()
    return Number(result.numUpdatedRows) > 0
  }

  /**
   * Runs `work` while holding the request's auto-merge lock (a transaction
   * scoped advisory lock: a crash releases it); undefined, without running
   * it, when another worker holds it.
   */
  withLock<T>(id: number, work: () => Promise<T>): Promise<{ done: T } | undefined> {
    return this.db.transaction().execute(async (trx) => {
      // Keyed as the iid locks are; a hash collision only makes a delivery wait for its retry.
      const key = `merge_requests.auto_merge:${id}`
      const { rows } = await sql<{ locked: boolean }>`
        select pg_try_advisory_xact_lock(hashtext(${key})) as locked`.execute(trx)
      if (!rows[0]?.locked) return undefined
      return { done: await work() }
    })
  }
}
