/**
 * Merge request pipelines, kept by ci-triggers: the list (GitLab's
 * PipelinesForMergeRequestFinder, here the merge_request_event pipelines of
 * the request) and POST .../pipelines (MergeRequests::CreatePipelineService:
 * a detached merge request pipeline on refs/merge-requests/<iid>/head).
 */
import { randomUUID } from 'node:crypto'
import {
  currentRequestId,
  InvalidError,
  PreconditionError,
  pageWindow,
  type PageRequest,
} from '@suite/runtime'
import type { Caller } from './caller.js'
import type { MergeRequestsDeps } from './deps.js'
import type { MergeRequest } from './merge-request.js'
import { canCreatePipeline, canReadPipelines } from './policy.js'

/** The ref of a request's detached pipelines (MergeRequest#ref_path). */
export function mergeRequestRefPath(iid: number): string {
  return `refs/merge-requests/${iid}/head`
}

/**
 * A page of the request's pipelines, newest first, with the total; none for
 * a caller without read_pipeline (PipelinesForMergeRequestFinder).
 */
export async function listMergeRequestPipelines(
  deps: Pick<MergeRequestsDeps, 'ports'>,
  caller: Caller | undefined,
  mergeRequest: MergeRequest,
  page: PageRequest | undefined,
): Promise<{ ids: number[]; total: number }> {
  if (!canReadPipelines(caller, mergeRequest.targetProjectId)) return { ids: [], total: 0 }
  const window = pageWindow(page)
  return deps.ports.pipelines.listForMergeRequest(mergeRequest.targetProjectId, mergeRequest.id, {
    page: window.offset / window.limit + 1,
    perPage: window.limit,
  })
}

/**
 * Creates a detached merge request pipeline for the diff head and makes it
 * the request's head pipeline. Without commits GitLab's service answers no
 * pipeline: 405; a caller without create_pipeline gets the pipeline's validation error.
 */
export async function createMergeRequestPipeline(
  deps: Pick<MergeRequestsDeps, 'stores' | 'ports'>,
  caller: Caller | undefined,
  mergeRequest: MergeRequest,
): Promise<number> {
  const diffs = deps.stores.diffs
  const version =
    mergeRequest.latestDiffId === null
      ? undefined
      : await diffs.findVersion(mergeRequest.id, mergeRequest.latestDiffId)
  if (!version || !(await diffs.hasCommits(version.id))) {
    throw new PreconditionError('405 Method Not Allowed', 'method_not_allowed')
  }
  if (!canCreatePipeline(caller, mergeRequest.targetProjectId)) {
    throw new InvalidError({ base: ['Insufficient permissions to create a new pipeline'] })
  }
  const pipelineId = await deps.ports.pipelines.create(caller, {
    projectId: mergeRequest.targetProjectId,
    sha: version.headCommitSha,
    ref: mergeRequestRefPath(mergeRequest.iid),
    source: 'merge_request_event',
    tag: false,
    beforeSha: '0000000000000000000000000000000000000000',
    mergeRequestId: mergeRequest.id,
    // A retry of this call answers the pipeline of the first try; a new call makes a new one.
    idempotencyKey: `merge-request-pipeline-${mergeRequest.id}-${currentRequestId() ?? randomUUID()}`,
  })
  await deps.stores.mergeRequests.setHeadPipeline(mergeRequest.id, pipelineId)
  return pipelineId
}
