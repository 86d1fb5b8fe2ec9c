/**
 * Collecting a diff version (GitLab's MergeRequestDiff creation on create and
 * on every push, MergeRequests::ReloadDiffsService): the source head against
 * the merge-base with the target head, within GitLab's diff limits.
 */
import { mergeRequestHeads } from './branches.js'
import { findHookTarget, recordMergeRequestHook } from './merge-request-hooks.js'
import type { Commit, NewDiffVersion } from './diff-version.js'
import type { MergeRequest } from './merge-request.js'
import type { Comparison, MergeRequestsDeps, Stores } from './ports.js'

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
export function diffVersionState(compare: Pick<Comparison, 'overflow' | 'diffs'>) {
  if (compare.overflow) return 'overflow'
  return compare.diffs.length > 0 ? 'collected' : 'empty'
}

/** real_size as GitLab's DiffCollection shows it: the count, with "+" when cut. */
export function diffRealSize(compare: Pick<Comparison, 'overflow' | 'diffs' | 'realSize'>) {
  return compare.overflow ? `${compare.diffs.length}+` : String(compare.realSize)
}

/** The version to record for a comparison. */
export function newDiffVersion(
  mergeRequestId: number,
  shas: { head: string; base: string | undefined; start: string },
  compare: Comparison,
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
    commits: compare.commits,
    files: compare.diffs,
  }
}

/**
 * What runs in the transaction that records (or finds) the version, with its
 * id and its commits (newest first): the pushed-commits note of a push.
 */
export type OnDiffVersion = (
  tx: Stores,
  version: { id: number; commits: readonly Commit[] },
) => Promise<void>

/**
 * Records the request's current diff version; running it again for the same
 * heads records nothing new. Merge requests of forks are compared in the
 * target project's repository.
 */
export async function collectDiffVersion(
  deps: Pick<MergeRequestsDeps, 'stores' | 'ports' | 'settings'>,
  mergeRequestId: number,
  onVersion?: OnDiffVersion,
): Promise<DiffCollectionOutcome> {
  const mergeRequest = await deps.stores.mergeRequests.findById(mergeRequestId)
  if (!mergeRequest || mergeRequest.state !== 'opened') return 'skipped'
  const outcome = await collectFor(deps, mergeRequest, onVersion)
  // Any outcome counts as an attempt (a missing branch too); a failure of the
  // repository role does not, so that retries and the sweeper try again.
  await deps.stores.mergeStatus.markDiffCollectionAttempted(mergeRequest.id)
  return outcome
}

/** collectDiffVersion for an opened request. */
async function collectFor(
  deps: Pick<MergeRequestsDeps, 'stores' | 'ports' | 'settings'>,
  mergeRequest: MergeRequest,
  onVersion: OnDiffVersion | undefined,
): Promise<DiffCollectionOutcome> {
  const repository = deps.ports.repository
  const heads = await mergeRequestHeads(deps, mergeRequest)
  if (!heads.source) return 'source_missing'
  if (!heads.target) return 'target_missing'
  const projectId = mergeRequest.targetProjectId
  const base = await repository.findMergeBase(projectId, [heads.target, heads.source])
  const compare = await repository.compareCommits(projectId, {
    baseSha: base ?? heads.target,
    headSha: heads.source,
    // GitLab's default limits.
    unlimited: false,
    skipCommits: false,
  })
  const version = newDiffVersion(
    mergeRequest.id,
    { head: heads.source, base, start: heads.target },
    compare,
  )
  // The open hook waits for the first version, as GitLab's AfterCreateService
  // runs hooks once the diff exists: it names the request's last commit.
  const first = (await deps.stores.diffs.listVersions(mergeRequest.id)).length === 0
  const hookTarget = first ? await findHookTarget(deps, projectId) : undefined
  const { created } = await deps.stores.transaction(async (tx) => {
    const recorded = await tx.diffs.record(version)
    if (recorded.created && hookTarget) {
      await recordMergeRequestHook(tx, hookTarget, mergeRequest, 'open', mergeRequest.authorId)
    }
    await onVersion?.(tx, { id: recorded.id, commits: version.commits })
    return recorded
  })
  const now = await mergeRequestHeads(deps, mergeRequest)
  if (now.source !== heads.source || now.target !== heads.target) return 'moved'
  return created ? 'created' : 'exists'
}
