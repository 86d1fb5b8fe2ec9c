/**
 * Loads what the merge rules read: the merge status checked synchronously
 * (GitLab's mergeable? runs check_mergeability), the latest diff, the
 * project's settings, blocks, approvals and the diff head's pipeline.
 */
import { branchHead } from './branches.js'
import type { MergeRequestsDeps } from './ports.js'
import { collectDiffVersion } from './diff-collection.js'
import { refreshHeadPipeline } from './head-pipeline.js'
import type { MergeRequest } from './merge-request.js'
import { checkMergeStatusNow } from './merge-status.js'
import type { MergeContext } from './merge-rules.js'
import { findProject } from './project-settings.js'

/** Status of the head pipeline when it ran for `sha`. */
async function headPipelineStatus(
  deps: MergeRequestsDeps,
  mergeRequest: MergeRequest,
  sha: string | undefined,
): Promise<string | undefined> {
  if (mergeRequest.headPipelineId === null || !sha) return undefined
  // By id alone: a fork's head pipeline may be in the fork.
  const pipelines = await deps.ports.pipelines.findMany([mergeRequest.headPipelineId])
  const pipeline = pipelines.get(mergeRequest.headPipelineId)
  return pipeline?.sha === sha ? pipeline.status : undefined
}

/** The merge context of an opened or settled request, its status rechecked first. */
export async function loadMergeContext(
  deps: MergeRequestsDeps,
  found: MergeRequest,
): Promise<MergeContext> {
  const { stores } = deps
  let mergeRequest = found
  if (mergeRequest.state === 'opened') {
    // A request merged right after it was opened: its first version is collected here.
    if (mergeRequest.latestDiffId === null) {
      await collectDiffVersion(deps, mergeRequest.id)
      await refreshHeadPipeline(deps, mergeRequest.id)
    }
    await checkMergeStatusNow(deps, mergeRequest.id)
    mergeRequest = (await stores.mergeRequests.findById(mergeRequest.id)) ?? mergeRequest
  }
  const id = mergeRequest.id
  const [project, version, source, blocked, approvals, unresolvedNotes] = await Promise.all([
    findProject(deps, mergeRequest.targetProjectId),
    mergeRequest.latestDiffId === null
      ? undefined
      : stores.diffs.findVersion(id, mergeRequest.latestDiffId),
    branchHead(deps, mergeRequest.sourceProjectId, mergeRequest.sourceBranch),
    stores.blocks.findBlocked([id]),
    stores.approvals.countFor([id]),
    stores.notes.hasUnresolved(id),
  ])
  const diff = version && { headSha: version.headCommitSha, baseSha: version.baseCommitSha }
  return {
    mergeRequest,
    project,
    diff,
    sourceBranchExists: source !== undefined,
    blocked: blocked.has(id),
    unresolvedNotes,
    approvals: approvals.get(id) ?? 0,
    headPipelineStatus: await headPipelineStatus(deps, mergeRequest, diff?.headSha),
    now: new Date(),
  }
}
