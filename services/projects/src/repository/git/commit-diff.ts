import { resolveLimits } from '../domain/diff-limits.js'
import type { Repo } from '../store/repository-store.js'
import { getCommit } from './commits.js'
import { collectDiffs, type GitDiffFile } from './file-diffs.js'
import { emptyTree } from './rebase.js'

/**
 * GET /repository/commits/:sha/diff: the commit's changes against its first
 * parent (a root commit's against the empty tree), as `commit.diffs(expanded:
 * true)`: no file is collapsed; GitLab's file, line and patch size limits stay.
 */
export async function commitDiff(
  repo: Repo,
  sha: string,
  unidiff: boolean,
): Promise<GitDiffFile[]> {
  const commit = await getCommit(repo, sha)
  const base = commit.parentIds[0] ?? (await emptyTree(repo))
  const limits = resolveLimits(undefined)
  const expanded = { ...limits, collapseBytes: limits.maxPatchBytes }
  const { diffs } = await collectDiffs(repo, base, commit.id, expanded)
  return unidiff ? diffs.map(withUnifiedHeader) : diffs
}

/**
 * Gitlab::Git::Diff#unidiff: the hunks behind `--- a/old` and `+++ b/new`
 * (/dev/null for a side that does not exist); a binary or empty diff unchanged.
 */
function withUnifiedHeader(file: GitDiffFile): GitDiffFile {
  if (file.binary || !file.diff || file.diff.startsWith('Binary files ')) return file
  const from = file.newFile ? '/dev/null' : `a/${file.oldPath}`
  const to = file.deletedFile ? '/dev/null' : `b/${file.newPath}`
  return { ...file, diff: `--- ${from}\n+++ ${to}\n${file.diff}` }
}
