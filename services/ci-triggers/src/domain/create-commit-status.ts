/**
 * POST /projects/:id/statuses/:sha, in the order of GitLab's
 * Ci::CreateCommitStatusService: the commit, the state, the ref (given, the
 * matching pipeline's, or the first branch holding the commit), then, under
 * the commit's lock, the pipeline (the newest of the commit and ref, or a new
 * external one), the status of the same name moved by the state, and the
 * pipeline's status after it.
 */
import { InvalidError, NotFoundError } from '@suite/runtime'
import type { Caller } from './caller.js'
import { isCommitStatusState, moveStatus, type CommitStatus } from './commit-status.js'
import type { CommitLookupPort, CommitStatusStore } from './commit-status-ports.js'
import { BLANK_SHA, type Pipeline } from './pipeline.js'
import { requireAbility } from './policy.js'
import type { AccessPort } from './ports.js'
import { projectVariables } from './predefined-variables.js'
import { pipelineStateFor } from './process-pipeline.js'

export interface CreateCommitStatusDeps {
  statuses: CommitStatusStore
  commits: CommitLookupPort
  now: () => Date
  /** Told of a pipeline the status created (merge requests' head pipelines); never throws. */
  created?: (pipeline: Pipeline) => Promise<void>
  /**
   * The project and the instance's URL: a pipeline the status creates keeps
   * the project's CI_PROJECT_* variables, for its webhook events' URLs.
   */
  project?: { access: Pick<AccessPort, 'project'>; externalUrl: string }
}

export interface StatusRequest {
  caller: Caller
  projectId: number
  sha: string
  state: string
  ref?: string
  name?: string
  targetUrl?: string
  description?: string
  coverage?: number
  pipelineId?: number
}

/** The CI_PROJECT_* variables a new external pipeline keeps; none without the project. */
async function projectVariablesOf(
  deps: CreateCommitStatusDeps,
  projectId: number,
): Promise<Record<string, string>> {
  if (!deps.project) return {}
  const facts = await deps.project.access.project(projectId)
  return facts ? projectVariables(facts, deps.project.externalUrl) : {}
}

export async function createCommitStatus(
  deps: CreateCommitStatusDeps,
  request: StatusRequest,
): Promise<CommitStatus> {
  const { caller, projectId } = request
  // create_commit_status, then update_pipeline on the pipeline: both Developer.
  requireAbility(caller, projectId, 'createPipeline')
  requireAbility(caller, projectId, 'updatePipeline')
  const sha = request.sha === '' ? undefined : await deps.commits.commitSha(projectId, request.sha)
  if (!sha) throw new NotFoundError('Commit')
  const state = request.state
  if (state === '') throw new InvalidError({}, 'State is required')
  if (!isCommitStatusState(state)) throw new InvalidError({}, 'state does not have a valid value')
  const pipelineId = request.pipelineId ?? null
  const matching = request.ref
    ? undefined
    : await deps.statuses.newestPipeline(projectId, sha, pipelineId)
  const ref =
    request.ref || matching?.ref || (await deps.commits.branchesContaining(projectId, sha))[0]
  if (!ref) throw new NotFoundError('References for commit')
  const now = deps.now()
  const variables = await projectVariablesOf(deps, projectId)
  const outcome = await deps.statuses.record(
    {
      projectId,
      sha,
      ref,
      name: request.name || 'default',
      userId: caller.userId,
      pipelineId,
      targetUrl: request.targetUrl,
      description: request.description,
      coverage: request.coverage,
      newPipeline: {
        projectId,
        sha,
        ref,
        status: 'created',
        source: 'external',
        userId: caller.userId,
        startedAt: null,
        finishedAt: null,
        committedAt: null,
        duration: null,
        beforeSha: BLANK_SHA,
        tag: false,
        mergeRequestId: null,
        idempotencyKey: null,
        triggerId: null,
        yamlErrors: null,
        failureReason: null,
        name: null,
        upstream: null,
        predefinedVariables: variables,
      },
    },
    {
      move: (current) =>
        moveStatus(
          current?.status ?? 'created',
          state,
          { queuedAt: current?.queuedAt ?? null, startedAt: current?.startedAt ?? null },
          now,
        ),
      settle: (pipeline, jobs) => pipelineStateFor(pipeline, jobs, now),
    },
  )
  if (!outcome) throw new NotFoundError('Pipeline for pipeline_id, sha and ref')
  if (outcome.created) await deps.created?.(outcome.pipeline)
  return outcome.status
}
