/**
 * Reading diff versions and diffs (GitLab's versions, diffs, raw_diffs and
 * changes endpoints); the caller has found the merge request already.
 */
import { Commit, DiffLimits, type DiffFile, type DiffVersion } from '@suite/proto'
import { RecordNotFoundError, pageWindow } from '@suite/runtime'
import type { MergeRequestsDeps } from './deps.js'
import {
  countDiffFiles,
  findDiffVersion,
  listDiffCommits,
  listDiffFiles,
  listDiffVersions,
  type DiffVersionRow,
} from '../store/diffs.store.js'
import { diffFileFromRow, presentDiffFiles } from './diff-files.js'
import type { MergeRequestRow } from './merge-request-access.js'

/** A stored version as the message, without commits and diffs. */
export function diffVersionFromRow(row: DiffVersionRow): DiffVersion {
  return {
    id: row.id,
    headCommitSha: row.head_commit_sha,
    baseCommitSha: row.base_commit_sha ?? '',
    startCommitSha: row.start_commit_sha,
    createdAt: row.created_at,
    mergeRequestId: row.merge_request_id,
    state: row.state,
    realSize: row.real_size ?? '0',
    patchIdSha: row.patch_id_sha ?? '',
    commits: [],
    diffs: [],
  }
}

/** The request's versions, newest first. */
export async function listVersions(
  deps: Pick<MergeRequestsDeps, 'db'>,
  row: MergeRequestRow,
): Promise<DiffVersion[]> {
  return (await listDiffVersions(deps.db, row.id)).map(diffVersionFromRow)
}

/** One version with its commits (newest first) and diffs; 404 Not found for another id. */
export async function getVersion(
  deps: Pick<MergeRequestsDeps, 'db'>,
  row: MergeRequestRow,
  versionId: number,
  unidiff: boolean,
): Promise<DiffVersion> {
  const version = await findDiffVersion(deps.db, row.id, versionId)
  // GitLab's merge_request_diffs.find raises RecordNotFound: {"message":"404 Not found"}.
  if (!version) throw new RecordNotFoundError()
  const [commits, files] = await Promise.all([
    listDiffCommits(deps.db, version.id),
    listDiffFiles(deps.db, version.id),
  ])
  return {
    ...diffVersionFromRow(version),
    commits: commits.map((commit) => Commit.fromJSON(commit)),
    diffs: presentDiffFiles(files.map(diffFileFromRow), unidiff),
  }
}

/** A page of the latest version's files and their total (none before the first version). */
export async function listLatestDiffs(
  deps: Pick<MergeRequestsDeps, 'db'>,
  row: MergeRequestRow,
  page: { page: number; perPage: number } | undefined,
  unidiff: boolean,
): Promise<{ diffs: DiffFile[]; total: number }> {
  if (row.latest_diff_id === null) return { diffs: [], total: 0 }
  const [files, total] = await Promise.all([
    listDiffFiles(deps.db, row.latest_diff_id, pageWindow(page)),
    countDiffFiles(deps.db, row.latest_diff_id),
  ])
  return { diffs: presentDiffFiles(files.map(diffFileFromRow), unidiff), total }
}

/** The latest version's row, when there is one. */
async function latestVersion(
  deps: Pick<MergeRequestsDeps, 'db'>,
  row: MergeRequestRow,
): Promise<DiffVersionRow | undefined> {
  if (row.latest_diff_id === null) return undefined
  return findDiffVersion(deps.db, row.id, row.latest_diff_id)
}

/** The latest version's base..head as one plain patch; empty before the first version. */
export async function rawDiffs(
  deps: Pick<MergeRequestsDeps, 'db' | 'ports'>,
  row: MergeRequestRow,
): Promise<Buffer> {
  const version = await latestVersion(deps, row)
  if (!version) return Buffer.alloc(0)
  const { patch } = await deps.ports.repository.read.rawDiff({
    projectId: row.target_project_id,
    baseSha: version.base_commit_sha ?? version.start_commit_sha,
    headSha: version.head_commit_sha,
  })
  return Buffer.from(patch)
}

/**
 * The latest version's files for GET .../changes; with access_raw_diffs they
 * come from the repository without the size limits of the stored version.
 */
export async function latestChanges(
  deps: Pick<MergeRequestsDeps, 'db' | 'ports'>,
  row: MergeRequestRow,
  options: { accessRawDiffs: boolean; unidiff: boolean },
): Promise<{ changes: DiffFile[]; overflow: boolean }> {
  const version = await latestVersion(deps, row)
  if (!version) return { changes: [], overflow: false }
  if (options.accessRawDiffs) {
    const compare = await deps.ports.repository.read.compareCommits({
      projectId: row.target_project_id,
      baseSha: version.base_commit_sha ?? version.start_commit_sha,
      headSha: version.head_commit_sha,
      limits: DiffLimits.fromPartial({ unlimited: true }),
      skipDiffs: false,
      skipCommits: true,
    })
    return { changes: presentDiffFiles(compare.diffs, options.unidiff), overflow: compare.overflow }
  }
  const files = await listDiffFiles(deps.db, version.id)
  return {
    changes: presentDiffFiles(files.map(diffFileFromRow), options.unidiff),
    overflow: version.overflow,
  }
}
