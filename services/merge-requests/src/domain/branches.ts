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

/** Both heads of a merge request, read in parallel. */
export async function mergeRequestHeads(
  deps: Pick<MergeRequestsDeps, 'ports'>,
  mergeRequest: Pick<
    MergeRequest,
    'sourceProjectId' | 'sourceBranch' | 'targetProjectId' | 'targetBranch'
  >,
): Promise<MergeRequestHeads> {
  const [source, target] = await Promise.all([
    branchHead(deps, mergeRequest.sourceProjectId, mergeRequest.sourceBranch),
    branchHead(deps, mergeRequest.targetProjectId, mergeRequest.targetBranch),
  ])
  return { source, target }
}
