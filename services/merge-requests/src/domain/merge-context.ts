/**
 * Loads what the merge rules read: the merge status checked synchronously
 * (GitLab's mergeable? runs check_mergeability), the latest diff, the
 * project's settings, blocks, approvals and the diff head's pipeline.
 */
import { branchHead } from '../clients/branch-heads.js'
import { isNotFound } from '../clients/grpc-failures.js'
import type { MergeRequestsDeps } from './deps.js'
import { collectDiffVersion } from './diff-collection.js'
import { findDiffVersion } from '../store/diffs.store.js'
import { findMergeRequestById } from '../store/merge-status.store.js'
import { loadApprovalCounts, loadBlocked } from '../store/presentation.store.js'
import type { MergeRequestRow } from './merge-request-access.js'
import { checkMergeStatus } from './merge-status.js'
import type { MergeContext } from './merge-rules.js'
import { findProject } from './project-settings.js'

/** Status of the head pipeline when it ran for `sha`. */
async function headPipelineStatus(
  deps: MergeRequestsDeps,
  row: MergeRequestRow,
  sha: string | undefined,
): Promise<string | undefined> {
  if (row.head_pipeline_id === null || !sha) return undefined
  try {
    const { pipeline } = await deps.ports.pipelines.getPipeline({
      projectId: row.target_project_id,
      id: row.head_pipeline_id,
    })
    return pipeline?.sha === sha ? pipeline.status : undefined
  } catch (error) {
    if (isNotFound(error)) return undefined
    throw error
  }
}

/** The merge context of an opened or settled request, its status rechecked first. */
export async function loadMergeContext(
  deps: MergeRequestsDeps,
  found: MergeRequestRow,
): Promise<MergeContext> {
  let row = found
  if (row.state === 'opened') {
    // A request merged right after it was opened: its first version is collected here.
    if (row.latest_diff_id === null) await collectDiffVersion(deps, row.id)
    await checkMergeStatus(deps, row.id)
    row = (await findMergeRequestById(deps.db, row.id)) ?? row
  }
  const [project, version, source, blocked, approvals] = await Promise.all([
    findProject(deps, row.target_project_id),
    row.latest_diff_id === null ? undefined : findDiffVersion(deps.db, row.id, row.latest_diff_id),
    branchHead(deps.ports, row.source_project_id, row.source_branch),
    loadBlocked(deps.db, [row.id]),
    loadApprovalCounts(deps.db, [row.id]),
  ])
  const diff = version && { headSha: version.head_commit_sha, baseSha: version.base_commit_sha }
  return {
    row,
    project,
    diff,
    sourceBranchExists: source !== undefined,
    blocked: blocked.has(row.id),
    approvals: approvals.get(row.id) ?? 0,
    headPipelineStatus: await headPipelineStatus(deps, row, diff?.headSha),
    now: new Date(),
  }
}
