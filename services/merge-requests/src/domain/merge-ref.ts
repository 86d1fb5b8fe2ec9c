/**
 * GET /projects/:id/merge_requests/:iid/merge_ref (MergeabilityCheckService
 * with recheck): the merge of the request's latest diff head into its target
 * branch, written to refs/merge-requests/<iid>/merge by the repository role;
 * its commit id, or 400 "Merge request is not mergeable".
 */
import { PreconditionError } from '@suite/runtime'
import { fetchForkSource } from './branches.js'
import type { Caller } from './caller.js'
import { isForkRequest } from './fork-collaboration.js'
import { requireVisibleMergeRequest } from './merge-request-access.js'
import type { MergeRequestKey } from './merge-request.js'
import type { MergeRequestsDeps } from './ports.js'

export const NOT_MERGEABLE = 'Merge request is not mergeable'

function notMergeable(): PreconditionError {
  return new PreconditionError(NOT_MERGEABLE, 'bad_request')
}

/** The merge ref's commit: open, not a draft, and merging cleanly into the target's head. */
export async function getMergeRef(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: MergeRequestKey,
): Promise<string> {
  const mergeRequest = await requireVisibleMergeRequest(deps, caller, key)
  if (mergeRequest.state !== 'opened' || mergeRequest.draft) throw notMergeable()
  const version =
    mergeRequest.latestDiffId === null
      ? undefined
      : await deps.stores.diffs.findVersion(mergeRequest.id, mergeRequest.latestDiffId)
  if (!version?.headCommitSha) throw notMergeable()
  // A fork's head is merged in the target repository: fetched there first (fetch_ref!).
  if (isForkRequest(mergeRequest) && !(await fetchForkSource(deps, mergeRequest))) {
    throw notMergeable()
  }
  const outcome = await deps.ports.repository.mergeToRef({
    projectId: mergeRequest.targetProjectId,
    sourceSha: version.headCommitSha,
    targetBranch: mergeRequest.targetBranch,
    mergeRequestIid: mergeRequest.iid,
    message: `Merge branch '${mergeRequest.sourceBranch}' into '${mergeRequest.targetBranch}'\n\n${mergeRequest.title}\n\nSee merge request !${mergeRequest.iid}\n`,
  })
  if (outcome.kind === 'refused') throw notMergeable()
  return outcome.commitId
}
