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
import type { MergeRequestsDeps } from './ports.js'
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
  deps: Pick<MergeRequestsDeps, 'ports' | 'stores'>,
  caller: Caller | undefined,
  mergeRequest: MergeRequest,
  page: PageRequest | undefined,
): Promise<{ ids: number[]; total: number }> {
  if (!canReadPipelines(caller, mergeRequest.targetProjectId)) return { ids: [], total: 0 }
  const window = pageWindow(page)
  // Branch pipelines of the request's commits count too, when the source
  // branch is in the same project (pipelines of forks are not listed here).
  const commits =
    mergeRequest.latestDiffId !== null &&
    mergeRequest.sourceProjectId === mergeRequest.targetProjectId
      ? await deps.stores.diffs.listCommits(mergeRequest.latestDiffId)
      : []
  return deps.ports.pipelines.listForMergeRequest(
    mergeRequest.targetProjectId,
    mergeRequest.id,
    { page: window.offset / window.limit + 1, perPage: window.limit },
    { branch: mergeRequest.sourceBranch, shas: commits.map((commit) => commit.id) },
  )
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
 * Creates a detached merge request pipeline for the diff head and makes it
 * the request's head pipeline. Without commits GitLab's service answers no
 * pipeline: 405; a caller without create_pipeline gets the pipeline's validation error.
 */
export async function createMergeRequestPipeline(
  deps: Pick<MergeRequestsDeps, 'stores' | 'ports'>,
  caller: Caller | undefined,
  mergeRequest: MergeRequest,
): Promise<number> {
  const commits = await pipelineCommits(deps, mergeRequest)
  if (!commits) throw new PreconditionError('405 Method Not Allowed', 'method_not_allowed')
  if (!canCreatePipeline(caller, mergeRequest.targetProjectId)) {
    throw new InvalidError({ base: ['Insufficient permissions to create a new pipeline'] })
  }
  const pipelineId = await deps.ports.pipelines.create(caller, {
    projectId: mergeRequest.targetProjectId,
    sha: commits.head,
    ref: mergeRequestRefPath(mergeRequest.iid),
    source: 'merge_request_event',
    tag: false,
    beforeSha: '0000000000000000000000000000000000000000',
    mergeRequestId: mergeRequest.id,
    // A retry of this call answers the pipeline of the first try; a new call makes a new one.
    idempotencyKey: `merge-request-pipeline-${mergeRequest.id}-${currentRequestId() ?? randomUUID()}`,
    mergeRequest: {
      iid: mergeRequest.iid,
      title: mergeRequest.title,
      sourceBranch: mergeRequest.sourceBranch,
      targetBranch: mergeRequest.targetBranch,
      sourceProjectId: mergeRequest.sourceProjectId,
      sourceBranchSha: commits.head,
      targetBranchSha: commits.base,
    },
  })
  await deps.stores.mergeRequests.setHeadPipeline(mergeRequest.id, pipelineId)
  return pipelineId
}
