import type { MergeRequestsDeps } from './ports.js'
import type { MergeRequest } from './merge-request.js'
import type { MergeRequestHeads } from './merge-status-rules.js'

export type { MergeRequestHeads }

/** Whether the project's repository has the branch (a missing repository has none). */
export async function branchExists(
  deps: Pick<MergeRequestsDeps, 'ports'>,
  projectId: number,
  name: string,
): Promise<boolean> {
  return (await deps.ports.repository.findBranch(projectId, name)) !== undefined
}

/** The commit a branch points at, or undefined when the branch (or repository) is missing. */
export async function branchHead(
  deps: Pick<MergeRequestsDeps, 'ports'>,
  projectId: number,
  branch: string,
): Promise<string | undefined> {
  return (await deps.ports.repository.findBranch(projectId, branch))?.head
}

/**
 * The source head of a fork's request as the target repository has it: the
 * fork's branch fetched there as refs/merge-requests/<iid>/head (GitLab's
 * MergeRequest#fetch_ref!), so it is compared, checked and merged in the
 * target repository; undefined when the fork's branch is missing.
 */
export async function fetchForkSource(
  deps: Pick<MergeRequestsDeps, 'ports'>,
  mergeRequest: Pick<MergeRequest, 'iid' | 'sourceProjectId' | 'sourceBranch' | 'targetProjectId'>,
): Promise<string | undefined> {
  return deps.ports.repository.fetchSourceBranch({
    sourceProjectId: mergeRequest.sourceProjectId,
    sourceBranch: mergeRequest.sourceBranch,
    targetProjectId: mergeRequest.targetProjectId,
    iid: mergeRequest.iid,
  })
}

/**
 * Both heads of a merge request, read in parallel; a fork's source head is
 * fetched into the target repository first.
 */
export async function mergeRequestHeads(
  deps: Pick<MergeRequestsDeps, 'ports'>,
  mergeRequest: Pick<
    MergeRequest,
    'iid' | 'sourceProjectId' | 'sourceBranch' | 'targetProjectId' | 'targetBranch'
  >,
): Promise<MergeRequestHeads> {
  const fork = mergeRequest.sourceProjectId !== mergeRequest.targetProjectId
  const [source, target] = await Promise.all([
    fork
      ? fetchForkSource(deps, mergeRequest)
      : branchHead(deps, mergeRequest.sourceProjectId, mergeRequest.sourceBranch),
    branchHead(deps, mergeRequest.targetProjectId, mergeRequest.targetBranch),
  ])
  return { source, target }
}
