/**
 * Reading diff versions and diffs (GitLab's versions, diffs, raw_diffs and
 * changes endpoints); the caller has found the merge request already.
 */
import { RecordNotFoundError, pageWindow, type PageRequest } from '@suite/runtime'
import type { MergeRequestsDeps } from './ports.js'
import { presentDiffFiles } from './diff-files.js'
import type { Commit, DiffFile, DiffVersion } from './diff-version.js'
import type { MergeRequest } from './merge-request.js'

/** A version with its commits (newest first) and files. */
export interface DiffVersionDetail extends DiffVersion {
  commits: Commit[]
  diffs: DiffFile[]
}

/** The request's versions, newest first. */
export function listVersions(
  deps: Pick<MergeRequestsDeps, 'stores'>,
  mergeRequest: MergeRequest,
): Promise<DiffVersion[]> {
  return deps.stores.diffs.listVersions(mergeRequest.id)
}

/** One version with its commits (newest first) and diffs; 404 Not found for another id. */
export async function getVersion(
  deps: Pick<MergeRequestsDeps, 'stores'>,
  mergeRequest: MergeRequest,
  versionId: number,
  unidiff: boolean,
): Promise<DiffVersionDetail> {
  const diffs = deps.stores.diffs
  const version = await diffs.findVersion(mergeRequest.id, versionId)
  // GitLab's merge_request_diffs.find raises RecordNotFound: {"message":"404 Not found"}.
  if (!version) throw new RecordNotFoundError()
  const [commits, files] = await Promise.all([
    diffs.listCommits(version.id),
    diffs.listFiles(version.id),
  ])
  return { ...version, commits, diffs: presentDiffFiles(files, unidiff) }
}

/** A page of the latest version's files and their total (none before the first version). */
export async function listLatestDiffs(
  deps: Pick<MergeRequestsDeps, 'stores'>,
  mergeRequest: MergeRequest,
  page: PageRequest | undefined,
  unidiff: boolean,
): Promise<{ diffs: DiffFile[]; total: number }> {
  if (mergeRequest.latestDiffId === null) return { diffs: [], total: 0 }
  const [files, total] = await Promise.all([
    deps.stores.diffs.listFiles(mergeRequest.latestDiffId, pageWindow(page)),
    deps.stores.diffs.countFiles(mergeRequest.latestDiffId),
  ])
  return { diffs: presentDiffFiles(files, unidiff), total }
}

/** The latest version, when there is one. */
async function latestVersion(
  deps: Pick<MergeRequestsDeps, 'stores'>,
  mergeRequest: MergeRequest,
): Promise<DiffVersion | undefined> {
  if (mergeRequest.latestDiffId === null) return undefined
  return deps.stores.diffs.findVersion(mergeRequest.id, mergeRequest.latestDiffId)
}

/** The latest version's base..head as one plain patch; empty before the first version. */
export async function rawDiffs(
  deps: Pick<MergeRequestsDeps, 'stores' | 'ports'>,
  mergeRequest: MergeRequest,
): Promise<Buffer> {
  const version = await latestVersion(deps, mergeRequest)
  if (!version) return Buffer.alloc(0)
  const patch = await deps.ports.repository.rawDiff(
    mergeRequest.targetProjectId,
    version.baseCommitSha ?? version.startCommitSha,
    version.headCommitSha,
  )
  return Buffer.from(patch)
}

/**
 * The latest version's files for GET .../changes; with access_raw_diffs they
 * come from the repository without the size limits of the stored version.
 */
export async function latestChanges(
  deps: Pick<MergeRequestsDeps, 'stores' | 'ports'>,
  mergeRequest: MergeRequest,
  options: { accessRawDiffs: boolean; unidiff: boolean },
): Promise<{ changes: DiffFile[]; overflow: boolean }> {
  const version = await latestVersion(deps, mergeRequest)
  if (!version) return { changes: [], overflow: false }
  if (options.accessRawDiffs) {
    const compare = await deps.ports.repository.compareCommits(mergeRequest.targetProjectId, {
      baseSha: version.baseCommitSha ?? version.startCommitSha,
      headSha: version.headCommitSha,
      unlimited: true,
      skipCommits: true,
    })
    return { changes: presentDiffFiles(compare.diffs, options.unidiff), overflow: compare.overflow }
  }
  const files = await deps.stores.diffs.listFiles(version.id)
  return { changes: presentDiffFiles(files, options.unidiff), overflow: version.overflow }
}
