/**
 * Merge request pipelines, kept by ci-triggers: the list (GitLab's
 * PipelinesForMergeRequestFinder) and POST .../pipelines
 * (MergeRequests::CreatePipelineService: a detached merge request pipeline
 * on refs/merge-requests/<iid>/head, or a fork's in the fork, on its branch).
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
import type { MergeRequestsDeps, NewPipeline } from './ports.js'
import type { MergeRequest } from './merge-request.js'
import { pipelinePlace, requestPipelinesScope } from './pipeline-places.js'
import { canCreatePipeline } from './policy.js'

/**
 * A page of the request's pipelines, newest first, with the total: its own
 * and its source branch's at its commits, in the projects where the caller
 * has read_pipeline; none without (PipelinesForMergeRequestFinder#execute).
 */
export async function listMergeRequestPipelines(
  deps: Pick<MergeRequestsDeps, 'ports' | 'stores'>,
  caller: Caller | undefined,
  mergeRequest: MergeRequest,
  page: PageRequest | undefined,
): Promise<{ ids: number[]; total: number }> {
  const window = pageWindow(page)
  const commits =
    mergeRequest.latestDiffId === null
      ? []
      : await deps.stores.diffs.listCommits(mergeRequest.latestDiffId)
  const scope =
    caller &&
    (await requestPipelinesScope(
      deps,
      caller,
      mergeRequest,
      commits.map((commit) => commit.id),
    ))
  if (!scope) return { ids: [], total: 0 }
  return deps.ports.pipelines.listForMergeRequest(scope, {
    page: window.offset / window.limit + 1,
    perPage: window.limit,
  })
}

/**
 * The commits a new pipeline runs on: the latest diff version's head and
 * base; right after the request was created, before its diff is collected,
 * the source and target branch heads. Undefined when the request has no
 * commits (GitLab's service answers no pipeline).
 */
async function pipelineCommits(
  deps: Pick<MergeRequestsDeps, 'stores' | 'ports'>,
  mergeRequest: MergeRequest,
): Promise<{ head: string; base: string } | undefined> {
  const diffs = deps.stores.diffs
  const version =
    mergeRequest.latestDiffId === null
      ? undefined
      : await diffs.findVersion(mergeRequest.id, mergeRequest.latestDiffId)
  if (version) {
    return (await diffs.hasCommits(version.id))
      ? { head: version.headCommitSha, base: version.startCommitSha ?? '' }
      : undefined
  }
  const repository = deps.ports.repository
  const [source, target] = await Promise.all([
    repository.findBranch(mergeRequest.sourceProjectId, mergeRequest.sourceBranch),
    repository.findBranch(mergeRequest.targetProjectId, mergeRequest.targetBranch),
  ])
  if (!source?.head || source.head === target?.head) return undefined
  return { head: source.head, base: target?.head ?? '' }
}

/**
 * The merge request pipeline of the diff head, as the caller would create
 * it, where GitLab runs it (pipelinePlace); throws GitLab's refusals:
 * without commits its service answers no pipeline (405), a caller without
 * create_pipeline there gets the pipeline's validation error.
 */
async function detachedPipeline(
  deps: Pick<MergeRequestsDeps, 'stores' | 'ports'>,
  caller: Caller | undefined,
  mergeRequest: MergeRequest,
  idempotencyKey: string,
): Promise<{ pipeline: NewPipeline; caller: Caller }> {
  const commits = await pipelineCommits(deps, mergeRequest)
  if (!commits) throw new PreconditionError('405 Method Not Allowed', 'method_not_allowed')
  const place = caller && (await pipelinePlace(deps, caller, mergeRequest))
  if (!place || !canCreatePipeline(place.caller, place.projectId)) {
    throw new InvalidError({ base: ['Insufficient permissions to create a new pipeline'] })
  }
  const pipeline = {
    projectId: place.projectId,
    sha: commits.head,
    ref: place.ref,
    source: 'merge_request_event',
    tag: false,
    beforeSha: '0000000000000000000000000000000000000000',
    mergeRequestId: mergeRequest.id,
    idempotencyKey,
    mergeRequest: {
      iid: mergeRequest.iid,
      title: mergeRequest.title,
      sourceBranch: mergeRequest.sourceBranch,
      targetBranch: mergeRequest.targetBranch,
      targetProjectId: mergeRequest.targetProjectId,
      sourceProjectId: mergeRequest.sourceProjectId,
      sourceBranchSha: commits.head,
      targetBranchSha: commits.base,
    },
  }
  return { pipeline, caller: place.caller }
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
  // A retry of this call answers the pipeline of the first try; a new call makes a new one.
  const key = `merge-request-pipeline-${mergeRequest.id}-${currentRequestId() ?? randomUUID()}`
  const { pipeline, caller: creator } = await detachedPipeline(deps, caller, mergeRequest, key)
  const pipelineId = await deps.ports.pipelines.create(creator, pipeline)
  await deps.stores.mergeRequests.setHeadPipeline(mergeRequest.id, pipelineId)
  return pipelineId
}

/**
 * The merge request pipeline a request asks for itself (on open, on a push:
 * GitLab's MergeRequests::CreatePipelineService without allow_duplicate),
 * once per diff head (`idempotencyKey`): the same pipeline as POST
 * .../pipelines, made the head pipeline unless a newer one took its place.
 * Undefined when GitLab creates none: no commits, no create_pipeline, or a
 * configuration without a job for merge_request_event (or none at all).
 */
export async function createAskedMergeRequestPipeline(
  deps: Pick<MergeRequestsDeps, 'stores' | 'ports'>,
  caller: Caller,
  mergeRequest: MergeRequest,
  idempotencyKey: string,
): Promise<number | undefined> {
  let detached: { pipeline: NewPipeline; caller: Caller }
  try {
    detached = await detachedPipeline(deps, caller, mergeRequest, idempotencyKey)
  } catch (error) {
    if (error instanceof PreconditionError || error instanceof InvalidError) return undefined
    throw error
  }
  const pipelineId = await deps.ports.pipelines.createIfConfigured(
    detached.caller,
    detached.pipeline,
  )
  if (pipelineId === undefined) return undefined
  await deps.stores.mergeRequests.replaceHeadPipeline(
    mergeRequest.id,
    pipelineId,
    mergeRequest.headPipelineId,
  )
  return pipelineId
}
