import { UnauthenticatedError } from '@suite/runtime'
import type { MergeRequestsDeps } from './ports.js'
import { mergeMergeRequest, type MergeInput } from './merge.js'
import { callerCanMerge } from './merge-permission.js'
import { presentMergeRequests, requireVisibleMergeRequest } from './merge-request-access.js'
import type { MergeRequestView } from './merge-request-view.js'

/**
 * PUT /projects/:id/merge_requests/:iid/merge: a request the caller cannot
 * read is 404 (find_project_merge_request); GitLab answers 401 (not 403)
 * when the caller cannot merge (`unauthorized! unless can_be_merged_by?`:
 * pushing to the target branch, or merging into it under its protection rules);
 * the git and state work is domain/merge.ts's.
 */
export async function acceptMergeRequest(
  deps: MergeRequestsDeps,
  input: MergeInput,
): Promise<MergeRequestView> {
  const caller = input.caller
  const mergeRequest = await requireVisibleMergeRequest(deps, caller, {
    projectId: input.projectId,
    iid: input.iid,
  })
  // Asked before auto-merge is set too: GitLab refuses both with 401 alike.
  if (!(await callerCanMerge(deps, caller, mergeRequest))) throw new UnauthenticatedError()
  const merged = await mergeMergeRequest(deps, mergeRequest, input)
  const [view] = await presentMergeRequests(deps, [merged], { single: true, caller })
  if (!view) throw new Error('a merged merge request could not be presented')
  return view
}
