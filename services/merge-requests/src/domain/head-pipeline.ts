/**
 * MergeRequest#update_head_pipeline: once a request has a diff version, the
 * newest of its pipelines at the diff head becomes its head pipeline. The
 * pipeline-created event does the same for a pipeline that comes after the
 * version; this covers one that came first (a pipeline triggered before the
 * request opened, or before its diff was collected), which no event would
 * ever bring back.
 */
import { requestPipelinesScope } from './pipeline-places.js'
import type { MergeRequestsDeps } from './ports.js'

/** Sets the head pipeline from the diff head's pipelines; the pipeline set, if any. */
export async function refreshHeadPipeline(
  deps: Pick<MergeRequestsDeps, 'stores' | 'ports'>,
  mergeRequestId: number,
): Promise<number | undefined> {
  const { stores } = deps
  const mergeRequest = await stores.mergeRequests.findById(mergeRequestId)
  if (mergeRequest?.state !== 'opened' || mergeRequest.latestDiffId === null) return undefined
  const version = await stores.diffs.findVersion(mergeRequest.id, mergeRequest.latestDiffId)
  if (!version) return undefined
  // The request's own pipelines and its source branch's, in the fork too.
  const scope = await requestPipelinesScope(deps, 'system', mergeRequest, [version.headCommitSha])
  const newest = scope && (await deps.ports.pipelines.newestAtHead(scope, version.headCommitSha))
  if (newest === undefined || newest === mergeRequest.headPipelineId) return undefined
  const written = await stores.mergeRequests.replaceHeadPipeline(
    mergeRequest.id,
    newest,
    mergeRequest.headPipelineId,
  )
  return written ? newest : undefined
}
