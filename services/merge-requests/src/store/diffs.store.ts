/**
 * Diff versions of merge requests: merge_request_diffs with their commits and
 * files, and the merge request's pointer to its latest version.
 */
import { sql, type Insertable, type Kysely, type Selectable } from 'kysely'
import type { Database, MergeRequestDiffFilesTable, MergeRequestDiffsTable } from './schema.js'

export type DiffVersionRow = Selectable<MergeRequestDiffsTable>
export type DiffFileRow = Selectable<MergeRequestDiffFilesTable>
export type NewDiffFile = Omit<
  Insertable<MergeRequestDiffFilesTable>,
  'merge_request_diff_id' | 'position'
>

/** A version to record: the diff row without ids, its commits (newest first) and files. */
export interface NewDiffVersion {
  mergeRequestId: number
  headCommitSha: string
  baseCommitSha: string | null
  startCommitSha: string
  state: string
  realSize: string
  filesCount: number
  overflow: boolean
  patchIdSha: string | null
  /** Each commit as stored JSON, with its sha. */
  commits: { sha: string; commit: unknown }[]
  files: NewDiffFile[]
}

const INSERT_CHUNK = 200

function chunks<T>(items: readonly T[]): T[][] {
  const result: T[][] = []
  for (let i = 0; i < items.length; i += INSERT_CHUNK) {
    result.push(items.slice(i, i + INSERT_CHUNK))
  }
  return result
}

/**
 * Records a version and points the merge request at it (prepared_at is set
 * by the first one), in one transaction. The same (head, start) pair recorded
 * again stores nothing new: `created` is false and the existing version
 * becomes the latest.
 */
export async function recordDiffVersion(
  db: Kysely<Database>,
  version: NewDiffVersion,
): Promise<{ id: number; created: boolean }> {
  return db.transaction().execute(async (trx) => {
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
      for (const part of chunks(version.commits.map((c, position) => ({ ...c, position })))) {
        await trx
          .insertInto('merge_request_diff_commits')
          .values(
            part.map((c) => ({
              merge_request_diff_id: diffId,
              position: c.position,
              sha: c.sha,
              commit: JSON.stringify(c.commit),
            })),
          )
          .execute()
      }
      for (const part of chunks(version.files.map((f, position) => ({ ...f, position })))) {
        await trx
          .insertInto('merge_request_diff_files')
          .values(part.map((f) => ({ ...f, merge_request_diff_id: diffId })))
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
export function listDiffVersions(
  db: Kysely<Database>,
  mergeRequestId: number,
): Promise<DiffVersionRow[]> {
  return db
    .selectFrom('merge_request_diffs')
    .selectAll()
    .where('merge_request_id', '=', mergeRequestId)
    .orderBy('id', 'desc')
    .execute()
}

/** One version of the merge request, or undefined. */
export function findDiffVersion(
  db: Kysely<Database>,
  mergeRequestId: number,
  versionId: number,
): Promise<DiffVersionRow | undefined> {
  return db
    .selectFrom('merge_request_diffs')
    .selectAll()
    .where('merge_request_id', '=', mergeRequestId)
    .where('id', '=', versionId)
    .executeTakeFirst()
}

/** A version's stored commits (as recorded: newest first). */
export async function listDiffCommits(db: Kysely<Database>, diffId: number): Promise<unknown[]> {
  const rows = await db
    .selectFrom('merge_request_diff_commits')
    .select('commit')
    .where('merge_request_diff_id', '=', diffId)
    .orderBy('position')
    .execute()
  return rows.map((row) => row.commit)
}

/** Whether a version holds any commit. */
export async function hasDiffCommits(db: Kysely<Database>, diffId: number): Promise<boolean> {
  const row = await db
    .selectFrom('merge_request_diff_commits')
    .select('position')
    .where('merge_request_diff_id', '=', diffId)
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}

/** A version's files in order; a page of them when `page` is given. */
export function listDiffFiles(
  db: Kysely<Database>,
  diffId: number,
  page?: { offset: number; limit: number },
): Promise<DiffFileRow[]> {
  let query = db
    .selectFrom('merge_request_diff_files')
    .selectAll()
    .where('merge_request_diff_id', '=', diffId)
    .orderBy('position')
  if (page) query = query.offset(page.offset).limit(page.limit)
  return query.execute()
}

/** How many files a version holds. */
export async function countDiffFiles(db: Kysely<Database>, diffId: number): Promise<number> {
  const row = await db
    .selectFrom('merge_request_diff_files')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('merge_request_diff_id', '=', diffId)
    .executeTakeFirstOrThrow()
  return Number(row.count)
}
