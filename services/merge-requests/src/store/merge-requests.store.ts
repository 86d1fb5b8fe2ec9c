import { sql, type Kysely } from 'kysely'
import type { MergeRequestListQuery } from '../domain/list-conditions.js'
import type {
  BranchPair,
  MergedFields,
  MergeRequest,
  MergeRequestChanges,
  NewMergeRequest,
} from '../domain/merge-request.js'
import { listMergeRequestRows, type ListCounts } from './merge-request-list.js'
import { mergeRequestPatch, newMergeRequestRow, toMergeRequest } from './merge-request-rows.js'
import {
  closeOpenedMergeRequest,
  markMerged,
  setAutoMerge,
  setBranchHeadPipeline,
  setHeadPipeline,
  replaceHeadPipeline,
  setMergeError,
} from './merge-request-state.store.js'
import type { Database } from './schema.js'
import type { BranchPipeline, MergeRequestsPort } from '../domain/ports.js'

/** The largest iid the merge_requests.iid column (integer) holds. */
const INT4_MAX = 2 ** 31 - 1

/** Merge requests: finding, writing and listing them, and their state changes. */
export class MergeRequestsStore implements MergeRequestsPort {
  constructor(
    private readonly db: Kysely<Database>,
    /** Held list counts; never inside a transaction, which may see what is not committed. */
    private readonly counts?: ListCounts,
  ) {}

  /** The request `iid` of a project; none for an iid its integer column cannot hold. */
  async findByIid(projectId: number, iid: number): Promise<MergeRequest | undefined> {
    if (!Number.isSafeInteger(iid) || iid > INT4_MAX || iid < -INT4_MAX - 1) return undefined
    const row = await this.db
      .selectFrom('merge_requests')
      .selectAll()
      .where('target_project_id', '=', projectId)
      .where('iid', '=', iid)
      .executeTakeFirst()
    return row && toMergeRequest(row)
  }

  /** The project's newest merge request (by id), if it has any. */
  async newestIn(projectId: number): Promise<MergeRequest | undefined> {
    const row = await this.db
      .selectFrom('merge_requests')
      .selectAll()
      .where('target_project_id', '=', projectId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst()
    return row && toMergeRequest(row)
  }

  /** A merge request by its global id. */
  async findById(id: number): Promise<MergeRequest | undefined> {
    const row = await this.db
      .selectFrom('merge_requests')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst()
    return row && toMergeRequest(row)
  }

  /** Requests by global id, in no particular order; unknown ids are left out. */
  async findByIds(ids: readonly number[]): Promise<MergeRequest[]> {
    if (ids.length === 0) return []
    const rows = await this.db
      .selectFrom('merge_requests')
      .selectAll()
      .where('id', 'in', [...ids])
      .execute()
    return rows.map(toMergeRequest)
  }

  /** The request created earlier with this idempotency key, if any. */
  async findByIdempotencyKey(key: string): Promise<MergeRequest | undefined> {
    const row = await this.db
      .selectFrom('merge_requests')
      .selectAll()
      .where('idempotency_key', '=', key)
      .executeTakeFirst()
    return row && toMergeRequest(row)
  }

  /** An open request with the same source and target (validate_branches), other than `exceptId`. */
  findOpenWithBranches(pair: BranchPair, exceptId?: number): Promise<{ iid: number } | undefined> {
    let query = this.db
      .selectFrom('merge_requests')
      .select('iid')
      .where('state', '=', 'opened')
      .where('source_project_id', '=', pair.sourceProjectId)
      .where('source_branch', '=', pair.sourceBranch)
      .where('target_project_id', '=', pair.targetProjectId)
      .where('target_branch', '=', pair.targetBranch)
    if (exceptId !== undefined) query = query.where('id', '<>', exceptId)
    return query.orderBy('id').limit(1).executeTakeFirst()
  }

  /**
   * Inserts a request with the project's next iid. A transaction-scoped
   * advisory lock per project serialises iid allocation (call inside a transaction).
   */
  async insert(values: NewMergeRequest): Promise<MergeRequest> {
    const projectId = values.targetProjectId
    await sql`select pg_advisory_xact_lock(hashtext(${`merge_requests.iid:${projectId}`}))`.execute(
      this.db,
    )
    const last = await this.db
      .selectFrom('merge_requests')
      .select((eb) => eb.fn.max('iid').as('iid'))
      .where('target_project_id', '=', projectId)
      .executeTakeFirst()
    const row = await this.db
      .insertInto('merge_requests')
      .values({ ...newMergeRequestRow(values), iid: (last?.iid ?? 0) + 1 })
      .returningAll()
      .executeTakeFirstOrThrow()
    return toMergeRequest(row)
  }

  /** Applies the changes; the updated request. */
  async update(id: number, changes: MergeRequestChanges): Promise<MergeRequest> {
    const row = await this.db
      .updateTable('merge_requests')
      .set(mergeRequestPatch(changes))
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow()
    return toMergeRequest(row)
  }

  /** Deletes a request (its people, labels, diffs and the rest cascade). */
  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('merge_requests').where('id', '=', id).execute()
  }

  /** One page of a list and the number of requests of the whole list. */
  async list(
    query: MergeRequestListQuery,
  ): Promise<{ rows: MergeRequest[]; total: number; totalUnknown: boolean }> {
    const { rows, total, totalUnknown } = await listMergeRequestRows(this.db, query, this.counts)
    return { rows: rows.map(toMergeRequest), total, totalUnknown }
  }

  /** Closes an opened request; the closed request, or undefined when it was no longer opened. */
  async closeOpened(id: number, closedById: number | null): Promise<MergeRequest | undefined> {
    const row = await closeOpenedMergeRequest(this.db, id, closedById)
    return row && toMergeRequest(row)
  }

  /** Marks an opened request merged; the merged request, or undefined when it was no longer opened. */
  async markMerged(id: number, fields: MergedFields): Promise<MergeRequest | undefined> {
    const row = await markMerged(this.db, id, fields)
    return row && toMergeRequest(row)
  }

  /** Stores why a merge failed (GitLab's merge_error). */
  async setMergeError(id: number, mergeError: string): Promise<void> {
    await setMergeError(this.db, id, mergeError)
  }

  /** A new branch pipeline heads the opened requests whose head it ran on; their ids. */
  setBranchHeadPipeline(pipeline: BranchPipeline): Promise<number[]> {
    return setBranchHeadPipeline(this.db, pipeline)
  }

  /** Sets the request's head pipeline. */
  setHeadPipeline(id: number, pipelineId: number): Promise<void> {
    return setHeadPipeline(this.db, id, pipelineId)
  }

  replaceHeadPipeline(id: number, pipelineId: number, seen: number | null): Promise<boolean> {
    return replaceHeadPipeline(this.db, id, pipelineId, seen)
  }

  /** Sets auto-merge (merge_when_pipeline_succeeds) by `userId`; the updated request. */
  async setAutoMerge(
    id: number,
    userId: number,
    squash: boolean,
    shouldRemoveSourceBranch?: boolean,
  ): Promise<MergeRequest | undefined> {
    const row = await setAutoMerge(this.db, id, userId, squash, shouldRemoveSourceBranch)
    return row && toMergeRequest(row)
  }
}
