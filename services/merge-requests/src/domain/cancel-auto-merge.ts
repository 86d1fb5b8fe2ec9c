import { UnauthenticatedError } from '@suite/runtime'
import type { Caller } from './caller.js'
import { callerCanMerge } from './merge-permission.js'
import { requireVisibleMergeRequest } from './merge-request-access.js'
import type { MergeRequestsDeps } from './ports.js'

/**
 * POST .../cancel_merge_when_pipeline_succeeds: a request the caller cannot
 * read is 404 (find_project_merge_request); one the caller may neither merge
 * nor wrote is 401 (`unauthorized! unless can_cancel_auto_merge?`). Then
 * AutoMergeService#cancel: true when auto-merge was set and is now off, false
 * when it was not set ("Can't cancel the automatic merge").
 */
export async function cancelAutoMerge(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: { projectId: number; iid: number },
): Promise<boolean> {
  const mergeRequest = await requireVisibleMergeRequest(deps, caller, key)
  const isAuthor = caller !== undefined && caller.userId === mergeRequest.authorId
  if (!isAuthor && !(await callerCanMerge(deps, caller, mergeRequest))) {
    throw new UnauthenticatedError()
  }
  return deps.stores.autoMerge.cancel(mergeRequest.id)
}
