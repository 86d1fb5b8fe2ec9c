/**
 * Merge request pipelines a request asks for itself (GitLab's
 * MergeRequests::AfterCreateService and RefreshService calling
 * create_pipeline_for, then CreatePipelineWorker): on open and on each push
 * to its source branch, a detached pipeline on refs/merge-requests/<iid>/head
 * when the head's configuration has a job for merge_request_event. The ask
 * is written to the outbox with its cause and carried out by the worker,
 * once per head: ci-triggers keeps one pipeline per idempotency key, so a job
 * run twice creates one pipeline.
 */
import { collectDiffVersion } from './diff-collection.js'
import type { DiffVersion } from './diff-version.js'
import type { MergeRequest } from './merge-request.js'
import { createAskedMergeRequestPipeline } from './mr-pipelines.js'
import type { MergeRequestsDeps, PipelineAsk, Stores } from './ports.js'
import { activeUserCaller } from './user-caller.js'

/** What became of an ask. */
export type PipelineAskOutcome =
  'created' | 'not_opened' | 'no_diff' | 'moved' | 'no_user' | 'not_created'

/** Asks for the pipeline of a request just opened by `userId` (in the open's transaction). */
export function askOnOpen(tx: Stores, mergeRequest: MergeRequest, userId: number): Promise<void> {
  return tx.pipelineAsks.add({ mergeRequestId: mergeRequest.id, userId })
}

const positive = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0

/** A job's payload as an ask, or undefined when it is not one. */
export function decodePipelineAsk(data: unknown): PipelineAsk | undefined {
  if (typeof data !== 'object' || data === null) return undefined
  const { mergeRequestId, userId, sha } = data as Record<string, unknown>
  if (!positive(mergeRequestId) || !positive(userId)) return undefined
  if (sha !== undefined && (typeof sha !== 'string' || !/^[0-9a-f]{40}$/.test(sha))) {
    return undefined
  }
  return { mergeRequestId, userId, ...(sha === undefined ? {} : { sha }) }
}

/**
 * Carries out an ask: the request's diff version is brought up to date
 * first (the pipeline runs on its head), an ask for a head the branch has
 * left is dropped (the newer push asked for its own), and the pipeline is
 * created as the asking user, once per head.
 */
export async function carryOutPipelineAsk(
  deps: Pick<MergeRequestsDeps, 'stores' | 'ports' | 'settings'>,
  ask: PipelineAsk,
): Promise<PipelineAskOutcome> {
  let found = await latestVersion(deps, ask.mergeRequestId)
  // The diff job usually recorded the head already; otherwise it is recorded here.
  if (!found.version || (ask.sha !== undefined && found.version.headCommitSha !== ask.sha)) {
    await collectDiffVersion(deps, ask.mergeRequestId)
    found = await latestVersion(deps, ask.mergeRequestId)
  }
  const { mergeRequest, version } = found
  if (mergeRequest?.state !== 'opened') return 'not_opened'
  if (!version) return 'no_diff'
  const head = version.headCommitSha
  if (ask.sha !== undefined && ask.sha !== head) return 'moved'
  const actor = await activeUserCaller(deps, ask.userId, mergeRequest.targetProjectId)
  if (!actor) return 'no_user'
  const pipelineId = await createAskedMergeRequestPipeline(
    deps,
    actor.caller,
    mergeRequest,
    `merge-request-pipeline-${mergeRequest.id}-${head}`,
  )
  return pipelineId === undefined ? 'not_created' : 'created'
}

/** The request and its latest diff version, when it has one. */
async function latestVersion(
  deps: Pick<MergeRequestsDeps, 'stores'>,
  mergeRequestId: number,
): Promise<{ mergeRequest: MergeRequest | undefined; version: DiffVersion | undefined }> {
  const { stores } = deps
  const mergeRequest = await stores.mergeRequests.findById(mergeRequestId)
  const version =
    mergeRequest?.latestDiffId == null
      ? undefined
      : await stores.diffs.findVersion(mergeRequest.id, mergeRequest.latestDiffId)
  return { mergeRequest, version }
}
