/**
 * Pushes to a fork's branch by the upstream's members (GitLab's
 * allow_collaboration, "Allow commits from members who can merge to the
 * target branch"): Project#branch_allows_collaboration? finds an opened
 * request from the fork's branch that allows it, and
 * MergeRequest#can_be_merged_by? lets the caller in when they may push or
 * merge to its target branch in the target project.
 */
import type { Caller } from './caller.js'
import type { MergeRequest } from './merge-request.js'
import type { MergeRequestsDeps } from './ports.js'

/** Whether the request is from a fork into another project. */
export function isForkRequest(
  mergeRequest: Pick<MergeRequest, 'sourceProjectId' | 'targetProjectId'>,
): boolean {
  return mergeRequest.sourceProjectId !== mergeRequest.targetProjectId
}

/**
 * The request lets `caller` (with their grants in the target project) push
 * to its source branch in the fork: opened, from a fork, allowing
 * collaboration, and the caller may update its target branch.
 */
export async function allowsCollaboration(
  deps: Pick<MergeRequestsDeps, 'ports'>,
  caller: Caller,
  mergeRequest: MergeRequest,
): Promise<boolean> {
  if (!isForkRequest(mergeRequest) || !mergeRequest.allowCollaboration) return false
  if (mergeRequest.state !== 'opened' || caller.userId === undefined) return false
  if (caller.project?.projectId !== mergeRequest.targetProjectId) return false
  // GitLab lets no collaborator into an internal fork (UserAccess, gitlab-org/gitlab#36805).
  const [source] = await deps.ports.projects.findProjects([mergeRequest.sourceProjectId])
  if (!source || source.visibility === 'internal') return false
  const target = await deps.ports.repository.branchAccess(
    caller,
    mergeRequest.targetProjectId,
    mergeRequest.targetBranch,
  )
  return target !== undefined && (target.canPush || target.canMerge)
}
