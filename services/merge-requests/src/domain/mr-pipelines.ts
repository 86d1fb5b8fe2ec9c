/**
 * Merge request pipelines, kept by ci-triggers: the list (GitLab's
 * PipelinesForMergeRequestFinder, here the merge_request_event pipelines of
 * the request) and POST .../pipelines (MergeRequests::CreatePipelineService:
 * a detached merge request pipeline on refs/merge-requests/<iid>/head).
 */
import { randomUUID } from 'node:crypto'
import type { Caller } from '@suite/proto'
import { currentRequestId, InvalidError, PreconditionError } from '@suite/runtime'
import type { MergeRequestsDeps } from './deps.js'
import { findDiffVersion, hasDiffCommits } from '../store/diffs.store.js'
import { setHeadPipeline } from '../store/merge-request-state.store.js'
import { pageWindow } from '@suite/runtime'
import type { MergeRequestRow } from './merge-request-access.js'
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
  row: MergeRequestRow,
  page: { page: number; perPage: number } | undefined,
): Promise<{ ids: number[]; total: number }> {
  if (!canReadPipelines(caller, row.target_project_id)) return { ids: [], total: 0 }
  const window = pageWindow(page)
  const response = await deps.ports.pipelines.listPipelines({
    projectId: row.target_project_id,
    mergeRequestId: row.id,
    page: { page: window.offset / window.limit + 1, perPage: window.limit },
  })
  return {
    ids: response.pipelines.map((pipeline) => pipeline.id),
    total: response.pageInfo?.total ?? response.pipelines.length,
  }
}

/**
 * Creates a detached merge request pipeline for the diff head and makes it
 * the request's head pipeline. Without commits GitLab's service answers no
 * pipeline: 405; a caller without create_pipeline gets the pipeline's validation error.
 */
export async function createMergeRequestPipeline(
  deps: Pick<MergeRequestsDeps, 'db' | 'ports'>,
  caller: Caller | undefined,
  row: MergeRequestRow,
): Promise<number> {
  const version =
    row.latest_diff_id === null
      ? undefined
      : await findDiffVersion(deps.db, row.id, row.latest_diff_id)
  if (!version || !(await hasDiffCommits(deps.db, version.id))) {
    throw new PreconditionError('405 Method Not Allowed', 'method_not_allowed')
  }
  if (!canCreatePipeline(caller, row.target_project_id)) {
    throw new InvalidError({ base: ['Insufficient permissions to create a new pipeline'] })
  }
  const { pipeline } = await deps.ports.pipelines.createPipeline({
    caller,
    projectId: row.target_project_id,
    sha: version.head_commit_sha,
    ref: mergeRequestRefPath(row.iid),
    source: 'merge_request_event',
    tag: false,
    beforeSha: '0000000000000000000000000000000000000000',
    mergeRequestId: row.id,
    committedAt: undefined,
    // A retry of this call answers the pipeline of the first try; a new call makes a new one.
    idempotencyKey: `merge-request-pipeline-${row.id}-${currentRequestId() ?? randomUUID()}`,
  })
  if (!pipeline) throw new Error('ci-triggers answered no pipeline')
  await setHeadPipeline(deps.db, row.id, pipeline.id)
  return pipeline.id
}
