/**
 * Collecting a diff version (GitLab's MergeRequestDiff creation on create and
 * on every push, MergeRequests::ReloadDiffsService): the source head against
 * the merge-base with the target head, within GitLab's diff limits.
 */
import { Commit, DiffLimits, type CompareCommitsResponse } from '@suite/proto'
import { mergeRequestHeads } from '../clients/branch-heads.js'
import type { MergeRequestsDeps } from './deps.js'
import { recordDiffVersion, type NewDiffVersion } from '../store/diffs.store.js'
import { findMergeRequestById, markDiffCollectionAttempted } from '../store/merge-status.store.js'
import type { MergeRequestRow } from './merge-request-access.js'
import { diffFileToRow } from './diff-files.js'

/**
 * skipped: the request is not opened; source_missing / target_missing: a
 * branch is gone, no version (as GitLab); exists: this (head, start) pair was
 * recorded before; created: a new version; moved: a branch moved while the
 * version was recorded (the caller collects again, so the latest version
 * ends up at the newest heads whichever job commits last).
 */
export type DiffCollectionOutcome =
  'skipped' | 'source_missing' | 'target_missing' | 'exists' | 'created' | 'moved'

/** The version's state as GitLab's MergeRequestDiff names it. */
export function diffVersionState(compare: Pick<CompareCommitsResponse, 'overflow' | 'diffs'>) {
  if (compare.overflow) return 'overflow'
  return compare.diffs.length > 0 ? 'collected' : 'empty'
}

/** real_size as GitLab's DiffCollection shows it: the count, with "+" when cut. */
export function diffRealSize(
  compare: Pick<CompareCommitsResponse, 'overflow' | 'diffs' | 'realSize'>,
) {
  return compare.overflow ? `${compare.diffs.length}+` : String(compare.realSize)
}

/** The version to record for a comparison. */
export function newDiffVersion(
  mergeRequestId: number,
  shas: { head: string; base: string | undefined; start: string },
  compare: CompareCommitsResponse,
): NewDiffVersion {
  return {
    mergeRequestId,
    headCommitSha: shas.head,
    baseCommitSha: shas.base ?? null,
    startCommitSha: shas.start,
    state: diffVersionState(compare),
    realSize: diffRealSize(compare),
    filesCount: compare.realSize,
    overflow: compare.overflow,
    patchIdSha: compare.patchId || null,
    commits: compare.commits.map((commit) => ({ sha: commit.id, commit: Commit.toJSON(commit) })),
    files: compare.diffs.map(diffFileToRow),
  }
}

/**
 * Records the request's current diff version; running it again for the same
 * heads records nothing new. Merge requests of forks are compared in the
 * target project's repository.
 */
export async function collectDiffVersion(
  deps: Pick<MergeRequestsDeps, 'db' | 'ports'>,
  mergeRequestId: number,
): Promise<DiffCollectionOutcome> {
  const row = await findMergeRequestById(deps.db, mergeRequestId)
  if (!row || row.state !== 'opened') return 'skipped'
  const outcome = await collectFor(deps, row)
  // Any outcome counts as an attempt (a missing branch too); a failure of the
  // repository role does not, so that retries and the sweeper try again.
  await markDiffCollectionAttempted(deps.db, row.id)
  return outcome
}

/** collectDiffVersion for an opened request. */
async function collectFor(
  deps: Pick<MergeRequestsDeps, 'db' | 'ports'>,
  row: MergeRequestRow,
): Promise<DiffCollectionOutcome> {
  const heads = await mergeRequestHeads(deps.ports, row)
  if (!heads.source) return 'source_missing'
  if (!heads.target) return 'target_missing'
  const projectId = row.target_project_id
  const { base } = await deps.ports.repository.read.findMergeBase({
    projectId,
    revisions: [heads.target, heads.source],
  })
  const compare = await deps.ports.repository.read.compareCommits({
    projectId,
    baseSha: base ?? heads.target,
    headSha: heads.source,
    // Zero fields take GitLab's defaults.
    limits: DiffLimits.fromPartial({}),
    skipDiffs: false,
    skipCommits: false,
  })
  const version = newDiffVersion(row.id, { head: heads.source, base, start: heads.target }, compare)
  const { created } = await recordDiffVersion(deps.db, version)
  const now = await mergeRequestHeads(deps.ports, row)
  if (now.source !== heads.source || now.target !== heads.target) return 'moved'
  return created ? 'created' : 'exists'
}
