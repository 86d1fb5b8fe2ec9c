import type { Commit, DiffVersion } from '@suite/proto'
import { presentCommit } from './commit.entity.js'
import { presentDiff } from './diff.entity.js'
import { isoTime } from './present-context.js'

/** API::Entities::MergeRequestDiff: a diff version without its commits and files. */
export function presentDiffVersion(version: DiffVersion) {
  return {
    id: version.id,
    head_commit_sha: version.headCommitSha,
    base_commit_sha: version.baseCommitSha,
    start_commit_sha: version.startCommitSha,
    created_at: isoTime(version.createdAt),
    merge_request_id: version.mergeRequestId,
    state: version.state,
    real_size: version.realSize,
    patch_id_sha: version.patchIdSha,
  }
}

/** A commit with its trailers: duplicate keys keep the last value in `trailers`, all in `extended_trailers`. */
function presentVersionCommit(commit: Commit, projectWebUrl: string) {
  const trailers: Record<string, string> = {}
  const extended: Record<string, string[]> = {}
  for (const { key, value } of commit.trailers) {
    trailers[key] = value
    extended[key] = [...(extended[key] ?? []), value]
  }
  return {
    ...presentCommit(commit, { webUrl: projectWebUrl }),
    trailers,
    extended_trailers: extended,
  }
}

/** API::Entities::MergeRequestDiffFull: the version with its commits and diffs. */
export function presentDiffVersionFull(version: DiffVersion, projectWebUrl: string) {
  return {
    ...presentDiffVersion(version),
    commits: version.commits.map((commit) => presentVersionCommit(commit, projectWebUrl)),
    diffs: version.diffs.map(presentDiff),
  }
}
