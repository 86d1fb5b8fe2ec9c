/**
 * Diff versions of merge requests: merge_request_diffs with their commits and
 * files, and the merge request's pointer to its latest version.
 */
import { sql, type Kysely } from 'kysely'
import type { Commit, DiffFile, DiffVersion, NewDiffVersion } from '../domain/diff-version.js'
import {
  commitDocument,
  commitOfDocument,
  diffFileRow,
  toDiffFile,
  toDiffVersion,
} from './diff-rows.js'
import type { Database } from './schema.js'
import { inTransaction } from './transactions.js'
import type { DiffsPort } from '../domain/ports.js'

const INSERT_CHUNK = 200

function chunks<T>(items: readonly T[]): T[][] {
  const result: T[][] = []
  for (let i = 0; i < items.length; i += INSERT_CHUNK) {
    result.push(items.slice(i, i + INSERT_CHUNK))
  }
  return result
}

export class DiffsStore implements DiffsPort {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Records a version and points the merge request at it (prepared_at is set
   * by the first one), in one transaction. The same (head, start) pair recorded
   * again stores nothing new: `created` is false and the existing version
   * becomes the latest.
   */
  record(version: NewDiffVersion): Promise<{ id: number; created: boolean }> {
    return inTransaction(this.db, async (trx) => {
      const inserted = await trx
        .insertInto('merge_request_diffs')
        .values({
          merge_request_id: version.mergeRequestId,
          head_commit_sha: version.headCommitSha,
          base_commit_sha: version.baseCommitSha,
          start_commit_sha: version.startCommitSha,
          state: version.state,
          real_size: version.realSize,
          files_count: version.filesCount,
          overflow: version.overflow,
          patch_id_sha: version.patchIdSha,
        })
        .onConflict((oc) =>
          oc.columns(['merge_request_id', 'head_commit_sha', 'start_commit_sha']).doNothing(),
        )
        .returning('id')
        .executeTakeFirst()
      let id = inserted?.id
      if (id === undefined) {
        const existing = await trx
          .selectFrom('merge_request_diffs')
          .select('id')
          .where('merge_request_id', '=', version.mergeRequestId)
          .where('head_commit_sha', '=', version.headCommitSha)
          .where('start_commit_sha', '=', version.startCommitSha)
          .executeTakeFirstOrThrow()
        id = existing.id
      } else {
        const diffId = id
        for (const part of chunks(version.commits.map((c, position) => ({ c, position })))) {
          await trx
            .insertInto('merge_request_diff_commits')
            .values(
              part.map(({ c, position }) => ({
                merge_request_diff_id: diffId,
                position,
                sha: c.id,
                commit: JSON.stringify(commitDocument(c)),
              })),
            )
            .execute()
        }
        for (const part of chunks(version.files.map((f, position) => ({ f, position })))) {
          await trx
            .insertInto('merge_request_diff_files')
            .values(
              part.map(({ f, position }) => ({
                ...diffFileRow(f),
                position,
                merge_request_diff_id: diffId,
              })),
            )
            .execute()
        }
      }
      await trx
        .updateTable('merge_requests')
        .set({ latest_diff_id: id, prepared_at: sql<Date>`coalesce(prepared_at, now())` })
        .where('id', '=', version.mergeRequestId)
        .execute()
      return { id, created: inserted !== undefined }
    })
  }

  /** Every version of a merge request, newest first. */
  async listVersions(mergeRequestId: number): Promise<DiffVersion[]> {
    const rows = await this.db
      .selectFrom('merge_request_diffs')
      .selectAll()
      .where('merge_request_id', '=', mergeRequestId)
      .orderBy('id', 'desc')
      .execute()
    return rows.map(toDiffVersion)
  }

  /** One version of the merge request, or undefined. */
  async findVersion(mergeRequestId: number, versionId: number): Promise<DiffVersion | undefined> {
    const row = await this.db
      .selectFrom('merge_request_diffs')
      .selectAll()
      .where('merge_request_id', '=', mergeRequestId)
      .where('id', '=', versionId)
      .executeTakeFirst()
    return row && toDiffVersion(row)
  }

  /** A version's stored commits (as recorded: newest first). */
  async listCommits(diffId: number): Promise<Commit[]> {
    const rows = await this.db
      .selectFrom('merge_request_diff_commits')
      .select('commit')
      .where('merge_request_diff_id', '=', diffId)
      .orderBy('position')
      .execute()
    return rows.map((row) => commitOfDocument(row.commit))
  }

  /** Whether a version holds any commit. */
  async hasCommits(diffId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('merge_request_diff_commits')
      .select('position')
      .where('merge_request_diff_id', '=', diffId)
      .limit(1)
      .executeTakeFirst()
    return row !== undefined
  }

  /** A version's files in order; a page of them when `page` is given. */
  async listFiles(diffId: number, page?: { offset: number; limit: number }): Promise<DiffFile[]> {
    let query = this.db
      .selectFrom('merge_request_diff_files')
      .selectAll()
      .where('merge_request_diff_id', '=', diffId)
      .orderBy('position')
    if (page) query = query.offset(page.offset).limit(page.limit)
    return (await query.execute()).map(toDiffFile)
  }

  /** How many files a version holds. */
  async countFiles(diffId: number): Promise<number> {
    const row = await this.db
      .selectFrom('merge_request_diff_files')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('merge_request_diff_id', '=', diffId)
      .executeTakeFirstOrThrow()
    return Number(row.count)
  }
}
